import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fetchProviders, LOGIN_URL, PROVIDERS_KEY, providerLoginUrl } from '../api.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { AuthCard, TermsNote } from './auth-card.tsx';

/** /login and every path a signed-out visitor may not reach (doc 1 §2, doc 3 §2.1). */
export function LoginPage() {
  const { isAuthenticated, isLoading } = useAuth();
  // Only the providers this server has set up are offered, each a real link to its sign-in (issue 16:
  // pills that looked clickable and did nothing). Single sign-on is the button above.
  const providers = useQuery({ queryKey: PROVIDERS_KEY, queryFn: fetchProviders });
  const others = (providers.data?.providers ?? []).filter((p) => p.id !== 'oidc');

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
      {others.length > 0 && (
        <section aria-labelledby="login-providers-heading" className="grid gap-3">
          <h2 id="login-providers-heading" className="text-center text-sm font-medium text-muted-foreground">
            Or sign in with
          </h2>
          <ul className="flex flex-wrap justify-center gap-2" data-testid="login-provider-list">
            {others.map((provider) => (
              <li key={provider.id}>
                <Button asChild variant="outline" size="sm">
                  <a href={providerLoginUrl(provider.id)} data-testid={`login-provider-${provider.id}`}>
                    {provider.name}
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <TermsNote />
    </AuthCard>
  );
}
