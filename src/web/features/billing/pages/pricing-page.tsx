import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { BackLink } from '../../../components/back-link.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Check, CheckCircle2, Info } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { BILLING_MESSAGES, tierRank } from '../../../../shared/billing.ts';
import { SESSION_KEYS } from '../../../../shared/constants.ts';
import { PILOT_SEATS, PLANS } from '../../../../shared/plans.ts';
import type { TierPair } from '../../../../shared/tiers.ts';
import { TIER_KEY, useTierAccess } from '../../auth/index.ts';
import { BILLING_STATUS_KEY, changeTier, openPortal } from '../api.ts';
import { actionFor, cardPlans, dronesText, queriesText, type PlanAction } from '../components/plan-catalogue.ts';
import { useBillingStatus } from '../hooks/use-billing-status.ts';

// Stripe's libraries load only when someone opens the payment dialog.
const PaymentDialog = lazy(() => import('../components/payment-dialog.tsx').then((m) => ({ default: m.PaymentDialog })));

/** How long /pricing?success=true waits for Stripe's webhook before saying it takes long. */
const CONFIRM_WAIT_MS = 30_000;

export interface PricingPageProps {
  /** The router's admin-or-developer guard, applied while payments are not configured (ADR 0040). */
  guard: (page: ReactNode) => ReactNode;
}

/** /pricing (doc 3 §2.4): plan cards, the comparison table and the payment dialog. */
export function PricingPage({ guard }: PricingPageProps) {
  const status = useBillingStatus();
  if (status.isLoading) return <FullPageSpinner label="Loading plans" />;
  const content = <PricingContent />;
  return status.data?.configured ? content : guard(content);
}

function PricingContent() {
  const queryClient = useQueryClient();
  const { tierInfo, tierPair } = useTierAccess();
  const status = useBillingStatus().data;
  const [params, setParams] = useSearchParams();
  const success = params.get('success') === 'true';
  const [paying, setPaying] = useState<{ priceId: string; label: string; tier: string } | null>(null);
  const [busyTier, setBusyTier] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: TIER_KEY }), queryClient.invalidateQueries({ queryKey: BILLING_STATUS_KEY })]);
  }, [queryClient]);

  async function downgrade(tier: 'basic' | PlanAction['kind']) {
    if (tier !== 'basic' && !(tier in PLANS)) return;
    setBusyTier(tier);
    try {
      const result = await changeTier(tier as 'basic');
      toast({ title: BILLING_MESSAGES.downgraded, description: result.result === 'pending' ? 'Stripe is confirming the change.' : `You are now on the ${PLANS[result.tier].label} plan.` });
      await refresh();
    } catch (error) {
      toast({ variant: 'destructive', title: BILLING_MESSAGES.downgradeFailed, description: error instanceof ApiError ? error.serverMessage : BILLING_MESSAGES.downgradeFailedDefault });
    } finally {
      setBusyTier(null);
    }
  }

  const onChangedInPlace = useCallback(() => {
    setPaying(null);
    toast({ title: BILLING_MESSAGES.upgraded, description: 'Your plan was changed on your current subscription.' });
    void refresh();
  }, [refresh]);
  const closeDialog = useCallback(() => setPaying(null), []);

  function upgrade(tier: string, label: string) {
    const price = status?.prices.find((p) => p.tier === tier);
    if (!status?.configured || !status.publishableKey || !price) {
      toast({ variant: 'destructive', title: BILLING_MESSAGES.upgradeFailed, description: status?.configured ? 'This plan has no price configured yet.' : BILLING_MESSAGES.notConfigured });
      return;
    }
    setPaying({ priceId: price.priceId, label, tier });
  }

  async function manageBilling() {
    try {
      window.location.assign((await openPortal()).url);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Billing portal unavailable', description: error instanceof ApiError ? error.serverMessage : BILLING_MESSAGES.paymentError });
    }
  }

  const plans = cardPlans();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6" data-testid="pricing-page">
      <div className="grid gap-2">
        <BackLink to="/">Back to Dashboard</BackLink>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">Plans</h1>
            <p className="text-sm text-muted-foreground">Pick the plan that fits how you fly. Change or cancel at any time.</p>
          </div>
          {status?.canManage && (
            <Button variant="outline" onClick={() => void manageBilling()} data-testid="manage-billing">
              Manage billing
            </Button>
          )}
        </div>
      </div>

      {status && !status.configured && (
        <Notice tone="info" testId="payments-off">
          {BILLING_MESSAGES.notConfigured}
        </Notice>
      )}
      {status?.subscription?.pastDue && (
        <Notice tone="warning" testId="past-due">
          Your last payment failed. Your plan stays active for now: update your card in Manage billing to keep it.
        </Notice>
      )}
      {success && tierPair && <SuccessBanner tier={tierPair} expected={status?.subscription?.tier ?? null} onDone={() => setParams({}, { replace: true })} refresh={refresh} />}

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="plan-cards">
        {plans.map((plan) => {
          const action = tierPair ? actionFor(plan.tier, tierPair) : null;
          const current = tierInfo?.originalTier === plan.tier;
          return (
            <Card key={plan.tier} className={`flex flex-col ${current ? 'border-primary ring-1 ring-primary' : ''}`} data-testid={`plan-${plan.tier}`}>
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <CardTitle>{plan.label}</CardTitle>
                  {current && <Badge>Current</Badge>}
                </div>
                <CardDescription className="text-lg font-semibold text-foreground">{plan.price}</CardDescription>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="grid gap-1.5 text-sm">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                      {feature}
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                {action && (
                  <PlanButton
                    action={action}
                    label={plan.label}
                    busy={busyTier === plan.tier}
                    onUpgrade={(tier) => upgrade(tier, plan.label)}
                    onDowngrade={(tier) => void downgrade(tier)}
                  />
                )}
              </CardFooter>
            </Card>
          );
        })}
      </div>

      <ComparisonTable />
      <p className="text-sm text-muted-foreground" data-testid="billing-note">
        {BILLING_MESSAGES.billingNote}
      </p>

      {paying && status?.publishableKey && (
        <Suspense fallback={null}>
          <PaymentDialog publishableKey={status.publishableKey} priceId={paying.priceId} planLabel={paying.label} onClose={closeDialog} onChangedInPlace={onChangedInPlace} />
        </Suspense>
      )}
    </div>
  );
}

/** Enterprise is sold by people: the profile opens on its Help tab to write to them. */
function openHelpTab() {
  try {
    sessionStorage.setItem(SESSION_KEYS.startTab, 'help');
  } catch {
    // The profile opens on its first tab instead.
  }
}

function PlanButton({ action, label, busy, onUpgrade, onDowngrade }: { action: PlanAction; label: string; busy: boolean; onUpgrade: (tier: string) => void; onDowngrade: (tier: 'basic') => void }) {
  // Long labels ('Downgrade to Hobbyist') wrap in narrow cards rather than overflow.
  const full = 'h-auto min-h-9 w-full whitespace-normal';
  switch (action.kind) {
    case 'admin':
      return (
        <Button className={full} disabled variant="outline">
          Admin Account
        </Button>
      );
    case 'current':
      return (
        <Button className={full} disabled variant="secondary">
          Current plan
        </Button>
      );
    case 'contact':
      return (
        <Button asChild className={full} variant="outline">
          <Link to="/profile" onClick={openHelpTab}>
            Contact sales
          </Link>
        </Button>
      );
    case 'upgrade':
      return (
        <Button className={full} onClick={() => onUpgrade(action.tier)} data-testid={`upgrade-${action.tier}`}>
          Upgrade to {label}
        </Button>
      );
    case 'downgrade':
      return (
        <Button className={full} variant="outline" disabled={busy} onClick={() => onDowngrade(action.tier as 'basic')} data-testid={`downgrade-${action.tier}`}>
          {busy ? 'Changing…' : `Downgrade to ${label}`}
        </Button>
      );
  }
}

function ComparisonTable() {
  const plans = cardPlans();
  const rows: [string, (tier: (typeof plans)[number]) => string][] = [
    ['Price', (p) => p.price],
    ['AI queries', (p) => (p.tier === 'enterprise' ? 'Unlimited' : queriesText(p))],
    ['Drones', (p) => (p.tier === 'enterprise' ? 'Unlimited' : dronesText(p))],
    ['CSV export', (p) => (tierRank(p.tier) >= tierRank('hobbyist') || p.tier === 'enterprise' ? 'Yes' : '—')],
    ['AI Import', (p) => (tierRank(p.tier) >= tierRank('pro') || p.tier === 'enterprise' ? 'Yes' : '—')],
    ['Pilot seats', (p) => (p.tier === 'business' ? `${PILOT_SEATS.includedSeats} included, extra $${PILOT_SEATS.extraSeatPriceUsd}/month` : p.tier === 'enterprise' ? 'Contact sales' : '—')],
    ['Custom knowledge base', (p) => (p.tier === 'business' ? 'Yes' : p.tier === 'enterprise' ? '4.5x larger' : '—')],
  ];
  return (
    <div className="overflow-x-auto rounded-lg border" data-testid="comparison-table">
      <table className="w-full min-w-[640px] text-sm">
        <caption className="sr-only">Plan comparison</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Feature
            </th>
            {plans.map((p) => (
              <th key={p.tier} scope="col" className="px-3 py-2 text-left font-medium">
                {p.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, value]) => (
            <tr key={name} className="border-t">
              <th scope="row" className="px-3 py-2 text-left font-normal text-muted-foreground">
                {name}
              </th>
              {plans.map((p) => (
                <td key={p.tier} className="px-3 py-2">
                  {value(p)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Notice({ tone, testId, children }: { tone: 'info' | 'warning' | 'success'; testId: string; children: ReactNode }) {
  const Icon = tone === 'warning' ? AlertTriangle : tone === 'success' ? CheckCircle2 : Info;
  const toneClass =
    tone === 'warning' ? 'border-warning/40 bg-warning/10' : tone === 'success' ? 'border-primary/40 bg-primary/10' : 'border-border bg-muted/40';
  return (
    <div role="status" className={`flex gap-2 rounded-md border px-3 py-2 text-sm ${toneClass}`} data-testid={testId}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}

/**
 * After Stripe's redirect (or the dialog's reload): the payment went through, and the new tier shows as
 * soon as the server has Stripe's word (the webhook); the tier is re-read every 2 s until then.
 */
function SuccessBanner({ tier, expected, onDone, refresh }: { tier: TierPair; expected: string | null; onDone: () => void; refresh: () => Promise<void> }) {
  const [startTier] = useState(tier.originalTier);
  const [slow, setSlow] = useState(false);
  const confirmed = tier.originalTier !== startTier || (expected !== null && tier.originalTier === expected);
  useEffect(() => {
    if (confirmed) return;
    const poll = setInterval(() => void refresh(), 2000);
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
      ) : slow ? (
        <p>Stripe has not confirmed your plan yet. This can take a minute; your plan will change as soon as it does.</p>
      ) : (
        <p>Waiting for Stripe to confirm your new plan…</p>
      )}
    </Notice>
  );
}
