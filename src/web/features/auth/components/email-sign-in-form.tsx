import { useState, type FormEvent, type Ref } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { magicLinkRequestSchema } from '../../../../shared/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { requestMagicLink } from '../api.ts';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.serverMessage : 'The sign-in link could not be sent. Please try again.';

/** Email sign-in: better-auth mails a magic link (doc 1 §1, DESIGN §4). */
export function EmailSignInForm({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: requestMagicLink });

  if (mutation.isSuccess) {
    return (
      <div role="status" className="grid justify-items-center gap-2 rounded-lg border bg-muted/50 p-4 text-center" data-testid="magic-link-sent">
        <MailCheck className="size-8 text-success" aria-hidden />
        <h3 className="font-semibold">Check your email</h3>
        <p className="text-sm text-muted-foreground">
          We sent a sign-in link to <span className="font-medium text-foreground">{mutation.variables}</span>. Open it on this device to sign in.
        </p>
        <Button variant="link" size="sm" onClick={() => mutation.reset()}>
          Use a different email
        </Button>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = magicLinkRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setInvalid(null);
    mutation.mutate(parsed.data.email);
  };

  const error = invalid ?? (mutation.isError ? messageOf(mutation.error) : null);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" data-testid="email-sign-in-form">
      <div className="grid gap-2">
        <Label htmlFor="magic-link-email">Email address</Label>
        <Input
          ref={inputRef}
          id="magic-link-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? 'magic-link-error' : undefined}
          required
        />
        {error && (
          <p id="magic-link-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" disabled={mutation.isPending} data-testid="magic-link-submit">
        {mutation.isPending ? 'Sending…' : 'Email me a sign-in link'}
      </Button>
    </form>
  );
}
