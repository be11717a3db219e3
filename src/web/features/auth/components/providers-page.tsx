import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fetchProviders, PROVIDERS_KEY, providerLoginUrl } from '../api.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { AuthCard, TermsNote } from './auth-card.tsx';
import { DevSignInForm } from './dev-sign-in-form.tsx';
import { EmailSignInForm } from './email-sign-in-form.tsx';

/**
 * /login/providers: where GET /api/login sends the browser when more than the OIDC provider is set up
 * (DESIGN §4). One button per configured provider, the e-mail magic link, and the developer sign-in.
 */
export function ProvidersPage() {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const { hash } = useLocation();
  const [searchParams] = useSearchParams();
  const query = useQuery({ queryKey: PROVIDERS_KEY, queryFn: fetchProviders });
  const emailInput = useRef<HTMLInputElement>(null);

  const providers = query.data?.providers ?? [];
  const hasEmail = providers.some((p) => p.id === 'email');

  // /api/login?provider=email lands on #email: put the cursor in the e-mail form.
  useEffect(() => {
    if (hash === '#email' && hasEmail) emailInput.current?.focus();
  }, [hash, hasEmail]);

  if (authLoading) {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center">
        <Spinner size="lg" label="Checking sign-in" />
      </div>
    );
  }
  if (isAuthenticated) return <Navigate to="/" replace />;

  // better-auth returns here with ?error=<code> when a provider's sign-in does not complete.
  const signInError = searchParams.get('error');
  const buttons = providers.filter((p) => p.id !== 'email');

  return (
    <AuthCard testId="providers-card" title="Sign in to Drone Doctor" description="Choose how you would like to sign in.">
      {signInError && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
          Sign-in did not complete ({signInError.slice(0, 80)}). Please try again.
        </p>
      )}
      {query.isLoading && (
        <div className="flex justify-center py-4">
          <Spinner label="Loading sign-in options" />
        </div>
      )}
      {query.isError && (
        <p role="alert" className="text-sm text-destructive">
          The sign-in options could not be loaded. Please reload the page.
        </p>
      )}
      {buttons.length > 0 && (
        <ul className="grid gap-2" aria-label="Sign-in providers">
          {buttons.map((provider) => (
            <li key={provider.id}>
              <Button asChild variant="outline" size="lg" className="w-full">
                <a href={providerLoginUrl(provider.id)} data-testid={`provider-${provider.id}`}>
                  Continue with {provider.name}
                </a>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {hasEmail && (
        <section id="email" aria-labelledby="email-sign-in-heading" className="grid gap-3 scroll-mt-32">
          {buttons.length > 0 && <Divider />}
          <h2 id="email-sign-in-heading" className="text-sm font-semibold">
            Sign in with email
          </h2>
          <EmailSignInForm inputRef={emailInput} />
        </section>
      )}
      {query.isSuccess && providers.length === 0 && !query.data.devLogin && (
        <p className="text-sm text-muted-foreground">No sign-in provider is configured on this server yet. Ask its administrator to set one up.</p>
      )}
      {query.data?.devLogin && <DevSignInForm />}
      <TermsNote />
    </AuthCard>
  );
}

function Divider() {
  return (
    <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden>
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
