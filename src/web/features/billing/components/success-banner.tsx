import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/use-toast.ts';
import { BILLING_MESSAGES, type PaidTier } from '../../../../shared/billing.ts';
import { PLANS } from '../../../../shared/plans.ts';
import type { TierPair } from '../../../../shared/tiers.ts';
import { changeTier } from '../api.ts';
import { Notice } from './notice.tsx';

/** How long /pricing?success=true waits for Stripe's word before saying it takes long. */
const CONFIRM_WAIT_MS = 30_000;
const POLL_MS = 2000;

export interface SuccessBannerProps {
  tier: TierPair;
  /** The plan of the subscription the server knows (null: none yet). */
  expected: PaidTier | null;
  onDone: () => void;
  refresh: () => Promise<void>;
}

/**
 * After the payment (the dialog's reload or Stripe's redirect to /pricing?success=true): the payment went
 * through, and the new tier shows as soon as the server has Stripe's word. The page asks the server once
 * to confirm with Stripe (POST /api/user/upgrade-tier, granted only when Stripe says active) and otherwise
 * waits for the webhook, re-reading the tier every 2 s and saying so after 30 s.
 */
export function SuccessBanner({ tier, expected, onDone, refresh }: SuccessBannerProps) {
  const [startTier] = useState(tier.originalTier);
  const [slow, setSlow] = useState(false);
  const confirmed = tier.originalTier !== startTier || (expected !== null && tier.originalTier === expected);
  const asked = useRef(false);
  const toasted = useRef(false);

  useEffect(() => {
    if (confirmed || asked.current || expected === null) return;
    asked.current = true;
    // A refusal (403 until Stripe says active) is not an error here: the webhook is still to come.
    changeTier(expected).then(refresh, () => undefined);
  }, [confirmed, expected, refresh]);

  useEffect(() => {
    if (!confirmed || toasted.current) return;
    toasted.current = true;
    toast({ title: BILLING_MESSAGES.upgraded, description: `You are now on the ${PLANS[tier.originalTier].label} plan.` });
  }, [confirmed, tier.originalTier]);

  useEffect(() => {
    if (confirmed) return;
    const poll = setInterval(() => void refresh(), POLL_MS);
    const late = setTimeout(() => setSlow(true), CONFIRM_WAIT_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(late);
    };
  }, [confirmed, refresh]);

  return (
    <Notice tone="success" testId="payment-success">
      <p className="font-medium">Payment successful.</p>
      {confirmed ? (
        <p>
          You are now on the <span data-testid="confirmed-tier">{PLANS[tier.originalTier].label}</span> plan.{' '}
          <button type="button" className="underline underline-offset-4" onClick={onDone}>
            Dismiss
          </button>
        </p>
      ) : (
        <p data-testid="payment-waiting">{slow ? BILLING_MESSAGES.slow : BILLING_MESSAGES.waiting}</p>
      )}
    </Notice>
  );
}
