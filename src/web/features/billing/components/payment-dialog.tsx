import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { BILLING_MESSAGES } from '../../../../shared/billing.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { createSubscription } from '../api.ts';

export interface PaymentDialogProps {
  publishableKey: string;
  priceId: string;
  planLabel: string;
  onClose: () => void;
  /** The subscription changed in place (a plan change paid with the saved card): no card form needed. */
  onChangedInPlace: () => void;
}

/**
 * The payment dialog of doc 3 §2.4/§4: setting up, then the card form, then on success it closes and
 * the page reloads after 1 s. No client secret closes it with the setup error.
 */
export function PaymentDialog({ publishableKey, priceId, planLabel, onClose, onChangedInPlace }: PaymentDialogProps) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  const [clientSecret, setClientSecret] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    createSubscription(priceId)
      .then((result) => {
        if (cancelled) return;
        if (result.clientSecret) setClientSecret(result.clientSecret);
        else if (result.status === 'active' || result.status === 'trialing') onChangedInPlace();
        else {
          toast({ variant: 'destructive', ...BILLING_MESSAGES.setupError });
          onClose();
        }
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // The server's reason when it gave one (e.g. already on this plan), else the spec's text.
        const description = error instanceof ApiError ? error.serverMessage : BILLING_MESSAGES.setupError.description;
        toast({ variant: 'destructive', title: BILLING_MESSAGES.setupError.title, description });
        onClose();
      });
    return () => {
      cancelled = true;
    };
  }, [priceId, onClose, onChangedInPlace]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="payment-dialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Upgrade to {planLabel}</DialogTitle>
          <DialogDescription>Your card is handled by Stripe; Drone Doctor never sees its number.</DialogDescription>
        </DialogHeader>
        {clientSecret ? (
          <Elements stripe={stripePromise} options={{ clientSecret }}>
            <CardForm onDone={onClose} />
          </Elements>
        ) : (
          <div className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground" data-testid="payment-setting-up">
            <Spinner label="Setting up payment" /> Setting up payment…
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CardForm({ onDone }: { onDone: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/pricing?success=true` },
        redirect: 'if_required',
      });
      if (result.error) {
        toast({ variant: 'destructive', title: BILLING_MESSAGES.paymentFailed, description: result.error.message });
        setBusy(false);
        return;
      }
      onDone();
      // The page shows the new tier once the server has Stripe's word (doc 3 §9: reload after 1 s).
      setTimeout(() => window.location.assign('/pricing?success=true'), 1000);
    } catch {
      toast({ variant: 'destructive', ...BILLING_MESSAGES.paymentError });
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" data-testid="payment-form">
      <PaymentElement />
      <Button type="submit" disabled={!stripe || busy} data-testid="payment-submit">
        {busy ? 'Processing…' : 'Pay now'}
      </Button>
    </form>
  );
}
