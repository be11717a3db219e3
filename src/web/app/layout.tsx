import type { ReactNode } from 'react';
import { useAuth } from '../features/auth/index.ts';
import { BetaBanner, Navbar } from '../features/shell/index.ts';

/** Doc 1 §2: a sticky header (the dismissible beta banner above the navbar), then the main content. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
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
        {user && <Navbar user={user} />}
      </header>
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
    </div>
  );
}
