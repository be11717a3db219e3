import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { ProfilePage } from '../features/account/index.ts';
import { AnalyticsPage, DocumentReviewPage, ErrorManagementPage, HelpRequestManagementPage, UserManagementPage } from '../features/admin/index.ts';
import { HomePage } from '../features/assistant/index.ts';
import { LoginPage, ProvidersPage, useAuth } from '../features/auth/index.ts';
import { PricingPage } from '../features/billing/index.ts';
import { AcceptInvitationPage, CompanySetupPage } from '../features/business/index.ts';
import { DocumentsPage } from '../features/documents/index.ts';
import { DroneIconsPage, DronesPage } from '../features/drones/index.ts';
import { UasFacilitiesPage } from '../features/facilities/index.ts';
import { DeveloperFeaturesPage } from '../features/features/index.ts';
import { LogbookPage } from '../features/flight-logs/index.ts';
import { ForecastPage } from '../features/weather/index.ts';
import { AppLayout } from './layout.tsx';
import { AdminOrDeveloperRoute } from './route-guards.tsx';

/** The route table of doc 3 §2.1, plus the two redirects of DESIGN §4. */
export function App() {
  const { isAuthenticated, isLoading } = useAuth();
  return <AppLayout>{isLoading ? <LoadingMessage /> : isAuthenticated ? <SignedInRoutes /> : <SignedOutRoutes />}</AppLayout>;
}

/** While the user state loads, a plain "Loading" message (doc 3 §2.1). */
function LoadingMessage() {
  return (
    <p role="status" className="p-8 text-center text-muted-foreground" data-testid="app-loading">
      Loading
    </p>
  );
}

/** Signed out: only sign-in and invitation acceptance; any other path shows the sign-in screen. */
function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/login/providers" element={<ProvidersPage />} />
      <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
      <Route path="*" element={<LoginPage />} />
    </Routes>
  );
}

const staff = (page: ReactNode) => <AdminOrDeveloperRoute>{page}</AdminOrDeveloperRoute>;

function SignedInRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/company-setup" element={<CompanySetupPage />} />
      <Route path="/drones" element={<DronesPage />} />
      <Route path="/logbook" element={<LogbookPage />} />
      <Route path="/documents" element={<DocumentsPage />} />
      <Route path="/forecast" element={<ForecastPage />} />
      <Route path="/drone-icons" element={<DroneIconsPage />} />
      <Route path="/analytics" element={<AnalyticsPage />} />
      <Route path="/admin/analytics" element={<AnalyticsPage />} />
      <Route path="/uas-facilities" element={<UasFacilitiesPage />} />
      <Route path="/accept-invitation" element={<AcceptInvitationPage />} />

      <Route path="/pricing" element={staff(<PricingPage />)} />
      <Route path="/admin/errors" element={staff(<ErrorManagementPage />)} />
      <Route path="/admin/documents" element={staff(<DocumentReviewPage />)} />
      <Route path="/admin/users" element={staff(<UserManagementPage />)} />
      <Route path="/admin/help-requests" element={staff(<HelpRequestManagementPage />)} />
      <Route path="/developer/features" element={staff(<DeveloperFeaturesPage />)} />

      {/* The sign-in screens send a signed-in user home. */}
      <Route path="/login" element={<LoginPage />} />
      <Route path="/login/providers" element={<ProvidersPage />} />

      {/* Dead links of the spec (DESIGN §4). */}
      <Route path="/weather" element={<Navigate to="/forecast" replace />} />
      <Route path="/chat" element={<Navigate to="/" replace />} />

      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
