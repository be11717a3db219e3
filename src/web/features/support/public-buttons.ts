// The navbar's and the pages' buttons alone: each downloads its dialog and form on first use, so a page
// that shows a button does not bring the forms, the form library and the contract's schemas (ADR 0066).
export { FeedbackButton } from './components/feedback-button.tsx';
export { BugReportButton, type BugReportButtonProps } from './components/bug-report-button.tsx';
