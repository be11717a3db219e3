import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LockKeyhole, ShieldX } from 'lucide-react';
import { isAdminOrDeveloper } from '../../shared/tiers.ts';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { StatusCard } from '../components/status-card.tsx';
import { Button } from '../components/ui/button.tsx';
import { useAuth, useTierAccess } from '../features/auth/index.ts';

/**
 * The admin-or-developer guard of doc 3 §2.1: a spinner while loading, "Authentication Required" with
 * no user, "Access Restricted" without the role. The server enforces the same rule on every call.
 */
export function AdminOrDeveloperRoute({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { tierPair, isLoading } = useTierAccess();

  if (isLoading) return <FullPageSpinner label="Checking access" />;
  if (!user) return <AuthenticationRequired />;
  // A tier that could not be read grants nothing (fail closed).
  if (!tierPair || !isAdminOrDeveloper(tierPair)) return <AccessRestricted />;
  return children;
}

export function AuthenticationRequired() {
  return (
    <StatusCard
      testId="auth-required"
      icon={LockKeyhole}
      title="Authentication Required"
      message="Please sign in to access this feature."
      action={
        <Button asChild>
          <Link to="/login">Sign In</Link>
        </Button>
      }
    />
  );
}

export function AccessRestricted() {
  return (
    <StatusCard
      testId="access-restricted"
      icon={ShieldX}
      tone="warning"
      title="Access Restricted"
      message="This feature is only available to administrators and developers. You need admin or developer access to view this page."
      action={
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      }
    />
  );
}
