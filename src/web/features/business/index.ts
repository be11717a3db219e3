export { AcceptInvitationPage } from './pages/accept-invitation-page.tsx';
export { CompanySetupPage } from './pages/company-setup-page.tsx';
