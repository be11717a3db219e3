export { HELP_REQUEST_MUTATION_KEY } from './api.ts';
export { FeedbackButton, FeedbackDialog, type FeedbackDialogProps } from './components/feedback-dialog.tsx';
export { FeedbackForm, type FeedbackFormProps } from './components/feedback-form.tsx';
export {
  BugReportButton,
  BugReportDialog,
  type BugReportButtonProps,
  type BugReportDialogProps,
} from './components/bug-report-dialog.tsx';
export { BugReportForm, type BugReportFormProps } from './components/bug-report-form.tsx';
export { HelpRequestForm, type HelpRequestFormProps } from './components/help-request-form.tsx';
