import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, MailOpen, ShieldCheck, TriangleAlert, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCEPT_REDIRECT_MS, BUSINESS_MESSAGES as M, acceptErrorKind } from '../../../../shared/business.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth, useLogout } from '../../auth/index.ts';
import { acceptInvitation, lookupInvitation } from '../api.ts';
import { formatDate } from '../format.ts';
import { forgetInvitation, rememberInvitation } from '../pending-invitation.ts';

const LOOKUP_KEY = '/api/pilot-invitations/lookup';

const BENEFITS = [
  'Unlimited questions to the AI drone assistant',
  'Unlimited drones and a full flight logbook',
  "Answers from your team's own knowledge base",
  'Your own drones, logs and chats stay yours',
];

/** Doc 2 §8: what the page says for a server message, by the words it carries. */
function errorText(error: unknown): { kind: 'expired' | 'used' | 'error'; text: string } {
  const message = error instanceof ApiError ? error.serverMessage : '';
  const kind = acceptErrorKind(message);
  if (kind === 'expired') return { kind, text: M.expired };
  if (kind === 'used') return { kind, text: M.alreadyUsed };
  return { kind, text: message || M.acceptFailed };
}

/**
 * /accept-invitation (doc 2 §2, §4, §8): reachable signed out. Loading, then the invitation (success)
 * with the benefits and 'Accept Invitation & Activate Account'; signed out, that goes through the normal
 * sign-in with the invited address and comes back here to accept; then activated, and /profile after 2 s.
 * A missing, expired, used or unknown link is an error with 'Go to Login'.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const resume = params.get('accept') === '1';
  const { user, isLoading: authLoading } = useAuth();
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const preview = useQuery({
    queryKey: [LOOKUP_KEY, token],
    queryFn: () => lookupInvitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async () => {
      forgetInvitation();
      // The tier, the user and every tier-dependent screen change with the seat; the invitation itself is
      // spent now, so it is not asked about again.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== LOOKUP_KEY });
    },
    onError: () => forgetInvitation(),
  });

  const activated = accept.isSuccess;
  useEffect(() => {
    if (!activated) return;
    const timer = setTimeout(() => void navigate('/profile', { replace: true }), ACCEPT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [activated, navigate]);

  const invitedEmail = preview.data?.email ?? null;
  const sameAddress = user !== null && invitedEmail !== null && user.email.toLowerCase() === invitedEmail;

  // Back from signing in (resume): the person already chose to accept.
  const resumed = useRef(false);
  useEffect(() => {
    if (resume && sameAddress && !resumed.current && accept.isIdle) {
      resumed.current = true;
      accept.mutate();
    }
  }, [resume, sameAddress, accept]);

  const onAccept = () => {
    if (user && sameAddress) {
      accept.mutate();
      return;
    }
    // Signed out: sign in (or up) through the normal sign-in, then come back here to accept.
    rememberInvitation(token);
    if (user) logout();
    else window.location.assign('/api/login');
  };

  if (activated) {
    return (
      <Shell testId="accept-invitation-activated">
        <CardHeader className="items-center text-center">
          <CheckCircle2 className="size-12 text-success" aria-hidden />
          <CardTitle as="h1" className="text-2xl">
            Account activated
          </CardTitle>
          <CardDescription role="status">{accept.data?.message} Taking you to your profile…</CardDescription>
        </CardHeader>
      </Shell>
    );
  }
  if (!token) return <ErrorCard kind="error" text={M.missingToken} />;
  if (preview.isLoading || authLoading) {
    return (
      <Shell testId="accept-invitation-loading">
        <div className="flex justify-center py-10">
          <Spinner size="lg" label="Checking your invitation" />
        </div>
      </Shell>
    );
  }
  if (preview.isError) {
    const { kind, text } = errorText(preview.error);
    return <ErrorCard kind={kind} text={text} />;
  }
  if (accept.isError) {
    const { kind, text } = errorText(accept.error);
    return <ErrorCard kind={kind} text={text} />;
  }
  const invitation = preview.data;
  if (!invitation) return <ErrorCard kind="error" text={M.acceptFailed} />;
  const business = invitation.companyName ?? 'A business on Drone Doctor';

  return (
    <Shell testId="accept-invitation-success">
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary" aria-hidden>
          <MailOpen className="size-6" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          You&apos;re invited
        </CardTitle>
        <CardDescription>
          <span className="font-medium text-foreground">{business}</span> invited <span className="font-medium text-foreground [overflow-wrap:anywhere]">{invitation.email}</span>{' '}
          to fly as a pilot on its business plan.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2 text-sm" aria-label="Pilot benefits">
          {BENEFITS.map((b) => (
            <li key={b} className="flex items-start gap-2">
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {b}
            </li>
          ))}
        </ul>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <Clock className="size-3.5" aria-hidden /> This link works once, until {formatDate(invitation.expiresAt)}.
        </p>
        {user && !sameAddress && (
          <p role="alert" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm" data-testid="accept-wrong-address">
            You are signed in as <span className="font-medium [overflow-wrap:anywhere]">{user.email}</span>, but this invitation was sent to{' '}
            <span className="font-medium [overflow-wrap:anywhere]">{invitation.email}</span>. Sign out and sign in with that address to accept it.
          </p>
        )}
        {!user && (
          <p className="text-sm text-muted-foreground">
            You will sign in (or create your account) as <span className="font-medium text-foreground [overflow-wrap:anywhere]">{invitation.email}</span>, then the
            invitation is accepted.
          </p>
        )}
      </CardContent>
      <CardFooter className="flex-col gap-2">
        <Button size="lg" className="w-full whitespace-normal" onClick={onAccept} disabled={accept.isPending} data-testid="accept-invitation">
          {accept.isPending ? 'Activating…' : user && !sameAddress ? `Sign out and continue as ${invitation.email}` : 'Accept Invitation & Activate Account'}
        </Button>
      </CardFooter>
    </Shell>
  );
}

function Shell({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <div className="flex min-h-[calc(100dvh-8rem)] items-center justify-center px-4 py-10" data-testid="accept-invitation-page">
      <Card className="w-full max-w-md" data-testid={testId}>
        {children}
      </Card>
    </div>
  );
}

function ErrorCard({ kind, text }: { kind: 'expired' | 'used' | 'error'; text: string }) {
  const Icon = kind === 'expired' ? Clock : kind === 'used' ? TriangleAlert : XCircle;
  const title = kind === 'expired' ? 'Invitation expired' : kind === 'used' ? 'Invitation already used' : 'Invitation not valid';
  return (
    <Shell testId={`accept-invitation-${kind}`}>
      <CardHeader className="items-center text-center">
        <Icon className="size-12 text-destructive" aria-hidden />
        <CardTitle as="h1" className="text-2xl">
          {title}
        </CardTitle>
        <CardDescription role="alert" data-testid="accept-invitation-message">
          {text}
        </CardDescription>
      </CardHeader>
      <CardFooter className="justify-center">
        <Button asChild>
          <Link to="/login">Go to Login</Link>
        </Button>
      </CardFooter>
    </Shell>
  );
}
