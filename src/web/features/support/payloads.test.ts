import { describe, expect, it } from 'vitest';
import { bugReportRequestSchema, feedbackRequestSchema } from '../../../shared/support.ts';
import { prefillName, toBugReportRequest, toFeedbackRequest } from './payloads.ts';

const user = { id: 'u1', email: 'pilot@example.com' };

describe('toFeedbackRequest', () => {
  it('maps the form to the request with the e-mail line before the comments', () => {
    const body = toFeedbackRequest({ feedbackType: 'improvement', feedbackText: 'Please add dark maps', additionalComments: 'At night' }, user);
    expect(body).toEqual({
      feedbackType: 'improvement',
      message: 'Please add dark maps',
      additionalDetails: 'User email: pilot@example.com\nAt night',
      userId: 'u1',
    });
    expect(feedbackRequestSchema.safeParse(body).success).toBe(true);
  });

  it('sends the e-mail line alone without comments', () => {
    expect(toFeedbackRequest({ feedbackType: 'other', feedbackText: 'Nice application' }, user).additionalDetails).toBe(
      'User email: pilot@example.com',
    );
  });
});

describe('toBugReportRequest', () => {
  it('maps the form to the request', () => {
    const body = toBugReportRequest({ bugType: 'ui_issue', description: 'The map is blank on load', additionalDetails: '' }, user);
    expect(body).toEqual({
      bugType: 'ui_issue',
      description: 'The map is blank on load',
      additionalDetails: 'User email: pilot@example.com',
      userId: 'u1',
    });
    expect(bugReportRequestSchema.safeParse(body).success).toBe(true);
  });
});

describe('prefillName', () => {
  it('prefers the display name, then first and last name', () => {
    expect(prefillName({ displayName: ' Ana ', firstName: 'A', lastName: 'B' })).toBe('Ana');
    expect(prefillName({ displayName: null, firstName: 'Ana', lastName: 'Silva' })).toBe('Ana Silva');
    expect(prefillName({ displayName: '', firstName: null, lastName: null })).toBe('');
  });
});
