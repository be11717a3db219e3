// What home shows of business, without the pages and the pilots tab of index.ts (ADR 0066).
export { BusinessSetupModal } from './components/business-setup-modal.tsx';
export { PendingInvitationRedirect } from './components/pending-invitation-redirect.tsx';
