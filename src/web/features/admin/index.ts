export { AnalyticsPage } from './pages/analytics-page.tsx';
export { DocumentReviewPage } from './pages/document-review-page.tsx';
export { ErrorManagementPage } from './pages/error-management-page.tsx';
export { HelpRequestManagementPage } from './pages/help-request-management-page.tsx';
export { UserManagementPage } from './pages/user-management-page.tsx';
