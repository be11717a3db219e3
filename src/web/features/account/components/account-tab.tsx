import { useMutation } from '@tanstack/react-query';
import { BadgeCheck, MailWarning } from 'lucide-react';
import { useId } from 'react';
import type { User } from '../../../../shared/account.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { sendVerificationEmail } from '../api.ts';
import { PlanCard } from './plan-card.tsx';
import { PreferenceControls } from './preference-controls.tsx';

function EmailCard({ user }: { user: User }) {
  const emailId = useId();
  const verify = useMutation({
    mutationFn: () => sendVerificationEmail(user.email),
    onSuccess: () => toast({ title: 'Verification email sent', description: `Check ${user.email} for a link to verify your address.` }),
    onError: (error) =>
      toast({
        title: 'Error',
        description: error instanceof ApiError ? error.serverMessage : 'Failed to send the verification email. Please try again later.',
        variant: 'destructive',
      }),
  });

  return (
    <Card data-testid="account-card">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Account
        </CardTitle>
        <CardDescription>The address you sign in with and where we write to you.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Label htmlFor={emailId}>Email</Label>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Input id={emailId} value={user.email} readOnly className="sm:max-w-sm" data-testid="account-email" />
          {user.emailVerified ? (
            <Badge variant="success" className="self-start sm:self-auto" data-testid="email-verified">
              <BadgeCheck aria-hidden />
              Verified
            </Badge>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="warning">
                <MailWarning aria-hidden />
                Not verified
              </Badge>
              <Button variant="outline" size="sm" disabled={verify.isPending} onClick={() => verify.mutate()} data-testid="verify-email">
                {verify.isPending && <Spinner size="sm" label="Sending verification email" className="text-current" />}
                Verify Email
              </Button>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Honest about passwords: sign-in is by a provider or an e-mail link, so there is none kept here. */
function SignInCard({ user }: { user: User }) {
  return (
    <Card data-testid="sign-in-card">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Sign-in and password
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm text-muted-foreground">
        <p>
          You sign in with single sign-on or a link sent to your e-mail. Drone Doctor keeps no password for your account, so there is no
          password to reset here: your sign-in provider handles that.
        </p>
        {!user.emailVerified && <p>Your address is not verified yet; use Verify Email above to get a new verification link.</p>}
      </CardContent>
    </Card>
  );
}

/** The profile's Account tab (doc 1 §2). */
export function AccountTab({ user }: { user: User }) {
  return (
    <div className="grid gap-6">
      <EmailCard user={user} />
      <PlanCard />
      <Card data-testid="preferences-card">
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Preferences
          </CardTitle>
          <CardDescription>Changes are saved as you make them.</CardDescription>
        </CardHeader>
        <CardContent>
          <PreferenceControls />
        </CardContent>
      </Card>
      <SignInCard user={user} />
    </div>
  );
}
