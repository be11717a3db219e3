import {
  withEmailLine,
  type BugReportForm,
  type BugReportRequest,
  type FeedbackForm,
  type FeedbackRequest,
} from '../../../shared/support.ts';

export interface Submitter {
  id: string;
  email: string;
}

/** The feedback form as POST /api/feedback takes it (doc 1 §7): the e-mail line goes before the comments. */
export const toFeedbackRequest = (form: FeedbackForm, user: Submitter): FeedbackRequest => ({
  feedbackType: form.feedbackType,
  message: form.feedbackText,
  additionalDetails: withEmailLine(user.email, form.additionalComments),
  userId: user.id,
});

/** The bug report form as POST /api/bug-report takes it, with the same e-mail line. */
export const toBugReportRequest = (form: BugReportForm, user: Submitter): BugReportRequest => ({
  bugType: form.bugType,
  description: form.description,
  additionalDetails: withEmailLine(user.email, form.additionalDetails),
  userId: user.id,
});

/** The name the help form starts with: the display name, else first and last name, else nothing. */
export function prefillName(user: { displayName: string | null; firstName: string | null; lastName: string | null }): string {
  if (user.displayName?.trim()) return user.displayName.trim();
  return [user.firstName, user.lastName]
    .filter((part): part is string => Boolean(part?.trim()))
    .map((part) => part.trim())
    .join(' ');
}
