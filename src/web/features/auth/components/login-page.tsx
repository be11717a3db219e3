import { Navigate } from 'react-router';
import { LogIn } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LOGIN_URL } from '../api.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { AuthCard, TermsNote } from './auth-card.tsx';

/** The providers the product offers (doc 1 §1); which ones this server has set up is on /login/providers. */
const OFFERED_PROVIDERS = ['Google', 'GitHub', 'Apple', 'X', 'Email'] as const;

/** /login and every path a signed-out visitor may not reach (doc 1 §2, doc 3 §2.1). */
export function LoginPage() {
  const { isAuthenticated, isLoading } = useAuth();

  if (isLoading) {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center">
        <Spinner size="lg" label="Checking sign-in" />
      </div>
    );
  }
  if (isAuthenticated) return <Navigate to="/" replace />;

  return (
    <AuthCard
      testId="login-card"
      title="Welcome to Drone Doctor"
      description="Your AI-powered drone support assistant. Sign in to ask questions, log flights and check flying conditions."
    >
      <Button size="lg" className="w-full" data-testid="sso-login" onClick={() => window.location.assign(LOGIN_URL)}>
        <LogIn aria-hidden />
        Continue with SSO
      </Button>
      <section aria-labelledby="login-providers-heading" className="grid gap-3">
        <h2 id="login-providers-heading" className="text-center text-sm font-medium text-muted-foreground">
          Sign in with
        </h2>
        <ul className="flex flex-wrap justify-center gap-2" data-testid="login-provider-list">
          {OFFERED_PROVIDERS.map((name) => (
            <li key={name} className="rounded-full border bg-muted px-3 py-1 text-sm font-medium">
              {name}
            </li>
          ))}
        </ul>
      </section>
      <TermsNote />
    </AuthCard>
  );
}
