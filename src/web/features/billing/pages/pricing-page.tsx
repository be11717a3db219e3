import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { BILLING_MESSAGES, type PaidTier } from '../../../../shared/billing.ts';
import { PLANS } from '../../../../shared/plans.ts';
import { TIER_KEY, useTierAccess } from '../../auth/index.ts';
import { BILLING_STATUS_KEY, changeTier, openPortal } from '../api.ts';
import { ComparisonTable } from '../components/comparison-table.tsx';
import { ContactSalesDialog } from '../components/contact-sales-dialog.tsx';
import { Notice } from '../components/notice.tsx';
import { PlanButton } from '../components/plan-button.tsx';
import { actionFor, cardPlans } from '../components/plan-catalogue.ts';
import { SuccessBanner } from '../components/success-banner.tsx';
import { useBillingStatus } from '../hooks/use-billing-status.ts';

// Stripe's libraries load only when someone opens the payment dialog.
const PaymentDialog = lazy(() => import('../components/payment-dialog.tsx').then((m) => ({ default: m.PaymentDialog })));

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
  // Stripe's own redirect (a card that needed 3-D Secure) says whether the payment went through.
  const redirectFailed = params.get('redirect_status') === 'failed';
  const success = params.get('success') === 'true' && !redirectFailed;
  const [paying, setPaying] = useState<{ priceId: string; label: string } | null>(null);
  const [busyTier, setBusyTier] = useState<string | null>(null);
  const [salesOpen, setSalesOpen] = useState(false);

  const refresh = useCallback(async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: TIER_KEY }), queryClient.invalidateQueries({ queryKey: BILLING_STATUS_KEY })]);
  }, [queryClient]);

  /** A downgrade needs no payment: the server cancels or moves the subscription and the tier follows Stripe. */
  async function downgrade(tier: 'basic' | PaidTier) {
    setBusyTier(tier);
    try {
      const result = await changeTier(tier);
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

  function upgrade(tier: PaidTier, label: string) {
    const price = status?.prices.find((p) => p.tier === tier);
    if (!status?.configured || !status.publishableKey || !price) {
      toast({ variant: 'destructive', title: BILLING_MESSAGES.upgradeFailed, description: status?.configured ? 'This plan has no price configured yet.' : BILLING_MESSAGES.notConfigured });
      return;
    }
    setPaying({ priceId: price.priceId, label });
  }

  async function manageBilling() {
    try {
      window.location.assign((await openPortal()).url);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Billing portal unavailable', description: error instanceof ApiError ? error.serverMessage : BILLING_MESSAGES.paymentError.description });
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
          {BILLING_MESSAGES.pastDue}
        </Notice>
      )}
      {redirectFailed && (
        <Notice tone="warning" testId="payment-failed">
          <p className="font-medium">{BILLING_MESSAGES.paymentFailed}</p>
          <p>Stripe could not take the payment and nothing was charged. Try again or use another card.</p>
        </Notice>
      )}
      {success && tierPair && (
        <SuccessBanner tier={tierPair} expected={status?.subscription?.tier ?? null} onDone={() => setParams({}, { replace: true })} refresh={refresh} />
      )}

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
                    onContactSales={() => setSalesOpen(true)}
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
      <ContactSalesDialog open={salesOpen} onOpenChange={setSalesOpen} />
    </div>
  );
}
