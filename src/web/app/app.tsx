import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { LoginPage, useAuth } from '../features/auth/index.ts';
import { useFirstPaintDone } from './first-paint.ts';
import { AppLayout } from './layout.tsx';
import { withShell } from './lazy-modules.ts';
import { LoadErrorBoundary } from './load-error-boundary.tsx';
import { PageDataPrefetch } from './page-data.tsx';
import { AdminOrDeveloperRoute } from './route-guards.tsx';

// Every page past sign-in loads on its first visit, so the sign-in screen downloads none of them, nor what
// only they use (forms, dialogs, menus, the contract's schemas). Each page is imported from its own file:
// pages are the router's, not part of a feature's index.ts, so a feature that uses another's hook or key
// does not bring that feature's pages along (ADR 0066).
/** A signed-in page, revealed once its code and the navbar's have both arrived (fetched in parallel). */
const signedIn = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(() => withShell(load()).then((module) => ({ default: pick(module) })));

const ProfilePage = signedIn(() => import('../features/account/components/profile-page.tsx'), (m) => m.ProfilePage);
const AnalyticsPage = signedIn(() => import('../features/admin/pages/analytics-page.tsx'), (m) => m.AnalyticsPage);
const DocumentReviewPage = signedIn(() => import('../features/documents/pages/document-review-page.tsx'), (m) => m.DocumentReviewPage);
const ErrorManagementPage = signedIn(() => import('../features/admin/pages/error-management-page.tsx'), (m) => m.ErrorManagementPage);
const HelpRequestManagementPage = signedIn(() => import('../features/admin/pages/help-request-management-page.tsx'), (m) => m.HelpRequestManagementPage);
const UserManagementPage = signedIn(() => import('../features/admin/pages/user-management-page.tsx'), (m) => m.UserManagementPage);
const HomePage = signedIn(() => import('../features/assistant/pages/home-page.tsx'), (m) => m.HomePage);
// /pricing keeps the staff guard only while payments are off (ADR 0040): the page applies it itself.
const PricingPage = signedIn(() => import('../features/billing/pages/pricing-page.tsx'), (m) => function Pricing() {
  return <m.PricingPage guard={staff} />;
});
const CompanySetupPage = signedIn(() => import('../features/business/pages/company-setup-page.tsx'), (m) => m.CompanySetupPage);
const DocumentsPage = signedIn(() => import('../features/documents/pages/documents-page.tsx'), (m) => m.DocumentsPage);
const DroneIconsPage = signedIn(() => import('../features/drones/pages/drone-icons-page.tsx'), (m) => m.DroneIconsPage);
const DronesPage = signedIn(() => import('../features/drones/pages/drones-page.tsx'), (m) => m.DronesPage);
const UasFacilitiesPage = signedIn(() => import('../features/facilities/index.ts'), (m) => m.UasFacilitiesPage);
const DeveloperFeaturesPage = signedIn(() => import('../features/features/pages/developer-features-page.tsx'), (m) => m.DeveloperFeaturesPage);
const LogbookPage = signedIn(() => import('../features/flight-logs/pages/logbook-page.tsx'), (m) => m.LogbookPage);
const ForecastPage = signedIn(() => import('../features/weather/pages/forecast-page.tsx'), (m) => m.ForecastPage);
// The provider choice (e-mail form, developer sign-in with its select) is a second step of signing in: its
// code is not part of the sign-in screen. It is imported from its own file, because auth's index.ts is in
// the first load (useAuth) and a lazy import of a module already loaded would split nothing off.
const ProvidersPage = lazy(() => import('../features/auth/components/providers-page.tsx').then((m) => ({ default: m.ProvidersPage })));
// Invitations are accepted signed out as well, where no navbar is wanted: the page alone.
const AcceptInvitationPage = lazy(() => import('../features/business/pages/accept-invitation-page.tsx').then((m) => ({ default: m.AcceptInvitationPage })));

/** The route table of doc 3 §2.1, plus the two redirects of DESIGN §4. */
export function App() {
  const { isAuthenticated, isLoading } = useAuth();
  const { pathname } = useLocation();
  // A signed-in page's code downloads after the first screen is painted (see first-paint.ts).
  const painted = useFirstPaintDone();
  return (
    <AppLayout>
      <LoadErrorBoundary resetKey={pathname}>
        {/* A page still downloading shows the same "Loading" as the user state, so one wait covers both. The
            boundary starts after the user state: one it had shown before suspending would stay in the page,
            hidden, beside the fallback. */}
        {isLoading ? (
          <LoadingMessage />
        ) : (
          <>
            {isAuthenticated && painted && <PageDataPrefetch />}
            <Suspense fallback={<LoadingMessage />}>{signedInContent(isAuthenticated, painted)}</Suspense>
          </>
        )}
      </LoadErrorBoundary>
    </AppLayout>
  );
}

/** Signed in, the page once the first screen is painted (its code downloads from then on); signed out, sign-in. */
function signedInContent(isAuthenticated: boolean, painted: boolean) {
  if (!isAuthenticated) return <SignedOutRoutes />;
  return painted ? <SignedInRoutes /> : <LoadingMessage />;
}

/** While the user state loads, a plain "Loading" message (doc 3 §2.1); also while a page's code downloads. */
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

      <Route path="/pricing" element={<PricingPage />} />
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
