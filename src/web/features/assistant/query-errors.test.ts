import { describe, expect, it } from 'vitest';
import { ASSISTANT_MESSAGES } from '../../../shared/assistant.ts';
import { ApiError } from '../../lib/api-client.ts';
import { queryFailure } from './query-errors.ts';

describe('queryFailure', () => {
  it('turns a 403 with limitReached into the warning-sign message from the server', () => {
    const error = new ApiError(403, 'You have used your 3 weekly queries.', { message: 'You have used your 3 weekly queries.', code: 'QUERY_LIMIT_REACHED', limitReached: true });
    expect(queryFailure(error)).toEqual({ text: '⚠️ You have used your 3 weekly queries.', limitReached: true });
  });

  it('falls back to the default limit text when the server gives none', () => {
    const error = new ApiError(403, ' ', { limitReached: true });
    expect(queryFailure(error)).toEqual({ text: `⚠️ ${ASSISTANT_MESSAGES.limitReached}`, limitReached: true });
  });

  it('treats a 403 without limitReached as an ordinary error', () => {
    const error = new ApiError(403, 'You can only ask questions as yourself', { message: 'x', code: 'FORBIDDEN' });
    expect(queryFailure(error)).toEqual({ text: 'Error: 403: You can only ask questions as yourself', limitReached: false });
  });

  it('prefixes other errors with "Error: "', () => {
    expect(queryFailure(new ApiError(500, 'Internal Server Error', null)).text).toBe('Error: 500: Internal Server Error');
    expect(queryFailure(new TypeError('Failed to fetch')).text).toBe('Error: Failed to fetch');
  });

  it('uses the default text when the error has none', () => {
    expect(queryFailure(new Error('')).text).toBe(ASSISTANT_MESSAGES.queryFailed);
    expect(queryFailure('boom').text).toBe(ASSISTANT_MESSAGES.queryFailed);
  });
});
