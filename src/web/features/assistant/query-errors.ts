import { ASSISTANT_MESSAGES } from '../../../shared/assistant.ts';
import { ApiError } from '../../lib/api-client.ts';

export const LIMIT_PREFIX = '⚠️ ';
const ERROR_PREFIX = 'Error: ';

export interface QueryFailure {
  text: string;
  /** The allowance is used up: retrying will not help, and the tier display must refresh. */
  limitReached: boolean;
}

const isLimitBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'limitReached' in body && body.limitReached === true;

/**
 * Doc 1 §8: a 403 with limitReached becomes "⚠️ " and the server's message (or the default); any other
 * failure "Error: " and the error's text (or the default).
 */
export function queryFailure(error: unknown): QueryFailure {
  if (error instanceof ApiError && error.status === 403 && isLimitBody(error.body)) {
    return { text: LIMIT_PREFIX + (error.serverMessage.trim() || ASSISTANT_MESSAGES.limitReached), limitReached: true };
  }
  const message = error instanceof Error ? error.message.trim() : '';
  return { text: message ? ERROR_PREFIX + message : ASSISTANT_MESSAGES.queryFailed, limitReached: false };
}
