import { lazy, Suspense, type ReactNode } from 'react';
import { useAuth } from '../features/auth/index.ts';
// The banner's own file, not shell's index.ts: the index also holds the navbar, loaded lazily below, and a
// static import of the index would put the navbar (menus, the feedback dialog and their libraries) back
// into the sign-in screen's first load.
import { BetaBanner } from '../features/shell/components/beta-banner.tsx';
import { useFirstPaintDone } from './first-paint.ts';
import { loadShell } from './lazy-modules.ts';
import { LoadErrorBoundary } from './load-error-boundary.tsx';

const Navbar = lazy(() => loadShell().then((m) => ({ default: m.Navbar })));

/** Doc 1 §2: a sticky header (the dismissible beta banner above the navbar), then the main content. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  // The navbar's code downloads after the first screen is painted, with the page's (see first-paint.ts).
  const painted = useFirstPaintDone();
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to main content
      </a>
      <header className="sticky top-0 z-40" data-testid="app-header">
        <BetaBanner />
        {user && !painted && <NavbarPlaceholder />}
        {user && painted && (
          <LoadErrorBoundary fallback={<NavbarPlaceholder />}>
            <Suspense fallback={<NavbarPlaceholder />}>
              <Navbar user={user} />
            </Suspense>
          </LoadErrorBoundary>
        )}
      </header>
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
    </div>
  );
}

/** The navbar's height while its code downloads, so the page below does not jump when it arrives. */
function NavbarPlaceholder() {
  return (
    <div aria-hidden className="border-b bg-card/95">
      <div className="h-14" />
    </div>
  );
}
