import type { BugReportRequest, FeedbackRequest, HelpRequest } from '../../../shared/support.ts';
import { apiSend } from '../../lib/api-client.ts';

export const FEEDBACK_MUTATION_KEY = ['/api/feedback'] as const;
export const BUG_REPORT_MUTATION_KEY = ['/api/bug-report'] as const;
export const HELP_REQUEST_MUTATION_KEY = ['/api/help-request'] as const;

/** Doc 1 §7: the responses of these three are not read beyond success or failure. */
export const submitFeedback = (body: FeedbackRequest) => apiSend<unknown>('POST', '/api/feedback', { body });
export const submitBugReport = (body: BugReportRequest) => apiSend<unknown>('POST', '/api/bug-report', { body });
export const submitHelpRequest = (body: HelpRequest) => apiSend<unknown>('POST', '/api/help-request', { body });
