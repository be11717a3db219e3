export { AcceptInvitationPage } from './pages/accept-invitation-page.tsx';
export { CompanySetupPage } from './pages/company-setup-page.tsx';
export { BusinessSetupModal } from './components/business-setup-modal.tsx';
export { PendingInvitationRedirect } from './components/pending-invitation-redirect.tsx';
export { PilotsTab } from './components/pilots-tab.tsx';
