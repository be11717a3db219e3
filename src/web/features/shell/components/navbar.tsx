import { Plane } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '../../../../shared/account.ts';
import { FeedbackButton } from '../../support/public-buttons.ts';
import { ToolsMenu } from './tools-menu.tsx';
import { UserMenu } from './user-menu.tsx';

/** The navigation bar, for signed-in users only (doc 1 §2). */
export function Navbar({ user }: { user: User }) {
  return (
    <nav aria-label="Main" data-testid="navbar" className="border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:px-4">
        <Link
          to="/"
          data-testid="brand-link"
          className="flex min-w-0 items-center gap-2 rounded-md text-base font-bold tracking-tight sm:text-lg"
        >
          <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground" aria-hidden>
            <Plane className="size-4 -rotate-45" />
          </span>
          <span className="truncate">Drone Doctor</span>
        </Link>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <ToolsMenu />
          <FeedbackButton />
          <UserMenu user={user} />
        </div>
      </div>
    </nav>
  );
}
