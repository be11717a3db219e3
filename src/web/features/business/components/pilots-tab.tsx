import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, Send, Trash2, UserMinus, Users, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { BUSINESS_MESSAGES as M, INVITATION_EXPIRY_DAYS, PILOT_LIST_STALE_MS, inviteInputSchema, type PendingInvitation, type Pilot } from '../../../../shared/business.ts';
import { PILOT_SEATS, monthlySeatPriceUsd, seatPricingText } from '../../../../shared/plans.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  BUSINESS_PROFILE_KEY,
  PENDING_INVITATIONS_KEY,
  PILOTS_KEY,
  cancelInvitation,
  fetchPendingInvitations,
  fetchPilots,
  invitePilot,
  removePilot,
} from '../api.ts';
import { formatDate, formatUsd } from '../format.ts';

const serverMessage = (error: unknown, fallback: string) => (error instanceof ApiError && error.serverMessage) || fallback;

/** Profile → Pilots (doc 2 §2): the team, the pending invitations and the invite form, with the seat price. */
export function PilotsTab() {
  const queryClient = useQueryClient();
  const pilots = useQuery({ queryKey: PILOTS_KEY, queryFn: fetchPilots, staleTime: PILOT_LIST_STALE_MS });
  const pending = useQuery({ queryKey: PENDING_INVITATIONS_KEY, queryFn: fetchPendingInvitations, staleTime: PILOT_LIST_STALE_MS });
  const [removing, setRemoving] = useState<Pilot | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PILOTS_KEY }),
      queryClient.invalidateQueries({ queryKey: PENDING_INVITATIONS_KEY }),
      queryClient.invalidateQueries({ queryKey: BUSINESS_PROFILE_KEY }),
    ]);

  const cancel = useMutation({
    mutationFn: (inv: PendingInvitation) => cancelInvitation(inv.id),
    onSuccess: async (_r, inv) => {
      await refresh();
      toast({ title: 'Invitation cancelled', description: `The link sent to ${inv.email} no longer works.` });
    },
    onError: (error) => toast({ title: M.cancelFailed, description: serverMessage(error, M.cancelFailed), variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: (p: Pilot) => removePilot(p.id),
    onSuccess: async (_r, p) => {
      setRemoving(null);
      await refresh();
      toast({ title: 'Pilot removed', description: `${p.displayName ?? p.email} no longer flies under your business plan. Their own drones and logs stay theirs.` });
    },
    onError: (error) => toast({ title: M.removeFailed, description: serverMessage(error, M.removeFailed), variant: 'destructive' }),
  });

  const count = pilots.data?.length ?? 0;
  // Expiry is judged at the time the list was fetched (refetched every 30 s while in use).
  const now = pending.dataUpdatedAt;

  return (
    <div className="grid min-w-0 gap-6" data-testid="pilots-tab">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2 text-lg">
            <Users className="size-5 text-primary" aria-hidden />
            Invite a pilot
          </CardTitle>
          <CardDescription>
            Pilots fly under your business plan: unlimited assistant questions, unlimited drones and your team&apos;s knowledge base. An invitation link
            works once and expires after {INVITATION_EXPIRY_DAYS} days.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-1 rounded-lg border bg-muted/40 p-3 text-sm" data-testid="seat-pricing">
            <p>
              <span className="font-medium">Seats:</span> {seatPricingText()}
            </p>
            <p className="text-muted-foreground">
              {pilots.data ? (
                <>
                  {count} of {PILOT_SEATS.maxPilots} seats used · {formatUsd(monthlySeatPriceUsd(count))}/month for your team today
                  {count >= PILOT_SEATS.includedSeats ? ` · the next pilot adds ${formatUsd(PILOT_SEATS.extraSeatPriceUsd)}/month` : ''}
                </>
              ) : (
                'Counting your seats…'
              )}
            </p>
          </div>
          {/* Below the price, so the administrator sees what a pilot costs before inviting one (ADR 0041). */}
          <InviteForm onSent={refresh} disabled={count >= PILOT_SEATS.maxPilots} />
        </CardContent>
      </Card>

      <section className="grid min-w-0 gap-3" aria-labelledby="pilots-heading">
        <h2 id="pilots-heading" className="text-lg font-semibold">
          Pilots {pilots.data && <span className="text-sm font-normal text-muted-foreground">({count})</span>}
        </h2>
        {pilots.isLoading ? (
          <Spinner label="Loading pilots" />
        ) : pilots.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {serverMessage(pilots.error, 'Could not load your pilots. Please try again.')}
          </p>
        ) : count === 0 ? (
          <Card>
            <CardContent className="p-6 text-center text-sm text-muted-foreground" data-testid="no-pilots">
              No pilots yet. Invite your first pilot above.
            </CardContent>
          </Card>
        ) : (
          <ul className="grid min-w-0 gap-2" aria-label="Pilots">
            {pilots.data?.map((p) => (
              <li key={p.id}>
                <Card data-testid="pilot-row">
                  <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="font-medium [overflow-wrap:anywhere]">{p.displayName ?? p.email}</p>
                      {p.displayName && <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">{p.email}</p>}
                      <p className="text-xs text-muted-foreground">
                        Joined {formatDate(p.createdAt)} · {p.assignedDroneCount} assigned {p.assignedDroneCount === 1 ? 'drone' : 'drones'}
                      </p>
                    </div>
                    <Button variant="outline" size="sm" className="w-fit text-destructive" onClick={() => setRemoving(p)} aria-label={`Remove ${p.email}`} data-testid="remove-pilot">
                      <UserMinus aria-hidden />
                      Remove
                    </Button>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="grid min-w-0 gap-3" aria-labelledby="pending-heading">
        <h2 id="pending-heading" className="text-lg font-semibold">
          Pending invitations {pending.data && <span className="text-sm font-normal text-muted-foreground">({pending.data.length})</span>}
        </h2>
        {pending.isLoading ? (
          <Spinner label="Loading invitations" />
        ) : pending.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {serverMessage(pending.error, 'Could not load your invitations. Please try again.')}
          </p>
        ) : pending.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="no-pending">
            No invitations waiting for an answer.
          </p>
        ) : (
          <ul className="grid min-w-0 gap-2" aria-label="Pending invitations">
            {pending.data?.map((inv) => {
              const expired = new Date(inv.expiresAt).getTime() <= now;
              return (
                <li key={inv.id}>
                  <Card data-testid="pending-row">
                    <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                      <div className="min-w-0">
                        <p className="flex items-start gap-2 font-medium">
                          <Mail className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
                          <span className="min-w-0 [overflow-wrap:anywhere]">{inv.email}</span>
                          {expired && <Badge variant="warning">Expired</Badge>}
                        </p>
                        <p className="text-xs text-muted-foreground">
                          Sent {formatDate(inv.createdAt)} · {expired ? 'expired' : 'expires'} {formatDate(inv.expiresAt)}
                          {expired ? ' · invite again to send a new link' : ''}
                        </p>
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        className="w-fit"
                        onClick={() => cancel.mutate(inv)}
                        disabled={cancel.isPending}
                        aria-label={`Cancel the invitation to ${inv.email}`}
                        data-testid="cancel-invitation"
                      >
                        <X aria-hidden />
                        Cancel
                      </Button>
                    </CardContent>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <Dialog open={removing !== null} onOpenChange={(open) => !open && !remove.isPending && setRemoving(null)}>
        <DialogContent data-testid="remove-pilot-dialog">
          <DialogHeader>
            <DialogTitle>Remove {removing?.displayName ?? removing?.email}?</DialogTitle>
            <DialogDescription>
              They lose the business plan at once and go back to their own plan. Their drones, flight logs and chat history stay theirs.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRemoving(null)} disabled={remove.isPending}>
              Keep
            </Button>
            <Button variant="destructive" onClick={() => removing && remove.mutate(removing)} disabled={remove.isPending} data-testid="confirm-remove-pilot">
              <Trash2 aria-hidden />
              {remove.isPending ? 'Removing…' : 'Remove pilot'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function InviteForm({ onSent, disabled }: { onSent: () => Promise<unknown>; disabled: boolean }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: invitePilot,
    onSuccess: async (sent) => {
      setEmail('');
      await onSent();
      toast({
        title: sent.replaced ? 'Invitation sent again' : 'Invitation sent',
        description: `${sent.email} has until ${formatDate(sent.expiresAt)} to accept.${sent.replaced ? ' The earlier link no longer works.' : ''}`,
      });
    },
    onError: (e) => {
      const message = serverMessage(e, M.inviteFailed);
      setError(message);
      toast({ title: M.inviteFailed, description: message, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = inviteInputSchema.safeParse({ email });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? M.emailInvalid;
      setError(message);
      toast({ title: message === M.emailRequired ? M.emailRequiredTitle : M.emailInvalidTitle, description: message, variant: 'destructive' });
      return;
    }
    setError(null);
    invite.mutate(parsed.data.email);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-2" data-testid="invite-form">
      <Label htmlFor="invite-email">Pilot&apos;s email address</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="invite-email"
          type="email"
          autoComplete="off"
          placeholder="pilot@example.com"
          value={email}
          maxLength={254}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'invite-email-error' : undefined}
          disabled={disabled}
          data-testid="invite-email"
        />
        <Button type="submit" disabled={invite.isPending || disabled} className="sm:w-auto" data-testid="invite-submit">
          <Send aria-hidden />
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
      {error && (
        <p id="invite-email-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {disabled && <p className="text-sm text-muted-foreground">{M.seatsFull}</p>}
    </form>
  );
}
