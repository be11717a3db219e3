export { AnalyticsPage } from './pages/analytics-page.tsx';
export { ErrorManagementPage } from './pages/error-management-page.tsx';
export { HelpRequestManagementPage } from './pages/help-request-management-page.tsx';
export { UserManagementPage } from './pages/user-management-page.tsx';
export { AdminToolsLinks } from './components/admin-tools-links.tsx';
export { StaffPage, NativeSelect, Loading, serverMessage, formatWhen } from './components/staff-page.tsx';
