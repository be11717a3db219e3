import { useId, useState } from 'react';
import { planFor } from '../../../../shared/plans.ts';
import { isDeveloper, SIMULATABLE_TIERS, type SimulatedTier } from '../../../../shared/tiers.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { useTierInfo } from '../hooks/use-tier-info.ts';
import { isSimulatedTier, simulatedTierView } from '../simulated-tier.ts';
import { QueryLimitDisplay } from './query-limit-display.tsx';

const SIMULATED_LABELS: Record<SimulatedTier, string> = {
  developer: 'Developer (your real tier)',
  basic: 'Basic',
  pro: 'Pro',
  admin: 'Admin',
};

/** The tier and query usage (doc 1 §2), with a developer's display-only tier simulation. */
export function PlanCard() {
  const selectId = useId();
  const tier = useTierInfo({ alwaysFresh: true });
  const [simulated, setSimulated] = useState<SimulatedTier>('developer');
  const real = tier.data;
  const developer = real ? isDeveloper(real) : false;
  const view = real ? simulatedTierView(real, developer ? simulated : null) : null;

  return (
    <Card data-testid="plan-card">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Plan and usage
        </CardTitle>
        <CardDescription>Your plan and how many assistant questions you have used this period.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {view && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">Current plan:</span>
            <span className="font-semibold" data-testid="plan-tier">
              {planFor(view.info.tier).label}
            </span>
            {view.simulated && (
              <Badge variant="warning" data-testid="plan-simulated-badge">
                Simulated
              </Badge>
            )}
            {!view.simulated && view.info.isPilot && view.info.administratorBusinessId && (
              <Badge variant="secondary">Pilot of a business account</Badge>
            )}
          </div>
        )}

        <QueryLimitDisplay alwaysFresh simulatedTier={developer ? simulated : null} hideSimulatedBadge />

        {developer && (
          <div className="grid gap-2 rounded-lg border border-dashed border-warning/60 p-4" data-testid="tier-simulator">
            <Label htmlFor={selectId}>Simulated view</Label>
            <Select value={simulated} onValueChange={(v) => isSimulatedTier(v) && setSimulated(v)}>
              <SelectTrigger id={selectId} className="sm:w-64" aria-describedby={`${selectId}-hint`} data-testid="tier-simulator-select">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SIMULATABLE_TIERS.map((t) => (
                  <SelectItem key={t} value={t}>
                    {SIMULATED_LABELS[t]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p id={`${selectId}-hint`} className="text-xs text-muted-foreground">
              Developers only. Changes what this tab displays, not what your account can do.
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
