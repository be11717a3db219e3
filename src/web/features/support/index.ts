export { HELP_REQUEST_MUTATION_KEY } from './api.ts';
// The buttons are light: each downloads its dialog and form on first use (ADR 0066).
export { FeedbackButton } from './components/feedback-button.tsx';
export { FeedbackDialog, type FeedbackDialogProps } from './components/feedback-dialog.tsx';
export { FeedbackForm, type FeedbackFormProps } from './components/feedback-form.tsx';
export { BugReportButton, type BugReportButtonProps } from './components/bug-report-button.tsx';
export { BugReportDialog, type BugReportDialogProps } from './components/bug-report-dialog.tsx';
export { BugReportForm, type BugReportFormProps } from './components/bug-report-form.tsx';
export { HelpRequestForm, type HelpRequestFormProps } from './components/help-request-form.tsx';
