import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { devLoginSchema } from '../../../../shared/auth.ts';
import { PLANS } from '../../../../shared/plans.ts';
import { isTier, TIERS, type Tier } from '../../../../shared/tiers.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { devLogin } from '../api.ts';

/** AUTH_DEV_LOGIN's sign-in (DESIGN §4): any e-mail with a chosen tier, for local use and tests. */
export function DevSignInForm() {
  const [email, setEmail] = useState('');
  const [tier, setTier] = useState<Tier>('basic');
  const [invalid, setInvalid] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (input: { email: string; tier: Tier }) => devLogin(input.email, input.tier),
    onSuccess: () => window.location.assign('/'),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = devLoginSchema.safeParse({ email, tier });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setInvalid(null);
    mutation.mutate({ email: parsed.data.email, tier });
  };

  const error =
    invalid ??
    (mutation.isError ? (mutation.error instanceof ApiError ? mutation.error.serverMessage : 'Developer sign-in failed. Please try again.') : null);

  return (
    <section aria-labelledby="dev-sign-in-heading" className="grid gap-3 rounded-lg border border-dashed p-4" data-testid="dev-sign-in">
      <div>
        <h2 id="dev-sign-in-heading" className="font-semibold">
          Developer sign-in
        </h2>
        <p className="text-sm text-muted-foreground">Enabled on this server for local use and tests. Signs in as any email with the chosen tier.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-3">
        <div className="grid gap-2">
          <Label htmlFor="dev-login-email">Email</Label>
          <Input
            id="dev-login-email"
            type="email"
            autoComplete="email"
            placeholder="pilot@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? 'dev-login-error' : undefined}
            required
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="dev-login-tier">Tier</Label>
          <Select value={tier} onValueChange={(value) => isTier(value) && setTier(value)}>
            <SelectTrigger id="dev-login-tier" data-testid="dev-login-tier">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TIERS.map((t) => (
                <SelectItem key={t} value={t}>
                  {PLANS[t].label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {error && (
          <p id="dev-login-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" variant="secondary" disabled={mutation.isPending || mutation.isSuccess} data-testid="dev-login-submit">
          {mutation.isPending || mutation.isSuccess ? 'Signing in…' : 'Sign in as developer'}
        </Button>
      </form>
    </section>
  );
}
