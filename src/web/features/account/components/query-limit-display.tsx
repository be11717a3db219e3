import type { UseQueryResult } from '@tanstack/react-query';
import { Infinity as InfinityIcon } from 'lucide-react';
import type { TierInfo } from '../../../../shared/account.ts';
import type { SimulatedTier } from '../../../../shared/tiers.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Progress, type ProgressTone } from '../../../components/ui/progress.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/utils.ts';
import { useTierInfo } from '../hooks/use-tier-info.ts';
import { useAuth } from '../../auth/index.ts';
import { simulatedTierView } from '../simulated-tier.ts';
import { usageView, type UsageBand } from '../usage.ts';

const BAND_TONE: Record<UsageBand, ProgressTone> = { normal: 'default', warning: 'warning', critical: 'destructive' };

export interface QueryLimitViewProps {
  info: TierInfo;
  simulated?: boolean;
  /** Set when the count shown was made over this other period (a developer's simulated plan). */
  countFromRealPeriod?: TierInfo['timePeriod'] | null;
  className?: string;
}

const PERIOD_NOUN = { weekly: 'week', monthly: 'month' } as const;

/** The usage line, remainder and bar (doc 1 §4, §9), or the unlimited text (doc 1 §6). */
export function QueryLimitView({ info, simulated = false, countFromRealPeriod = null, className }: QueryLimitViewProps) {
  const view = usageView(info);
  const simulatedBadge = simulated ? (
    <Badge variant="warning" data-testid="simulated-badge">
      Simulated
    </Badge>
  ) : null;

  if (view.kind === 'unlimited') {
    return (
      <div data-testid="query-limit-display" data-state="unlimited" className={cn('flex flex-wrap items-center gap-2 text-sm', className)}>
        <InfinityIcon className="size-4 text-primary" aria-hidden />
        <span data-testid="query-limit-unlimited" className="font-medium">
          {view.label}
        </span>
        {simulatedBadge}
      </div>
    );
  }

  return (
    <div data-testid="query-limit-display" data-state="limited" data-band={view.band} className={cn('flex flex-col gap-2 text-sm', className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <span data-testid="query-limit-used" className="flex items-center gap-2">
          {view.usedText}
          {simulatedBadge}
        </span>
        <span
          data-testid="query-limit-remaining"
          className={cn(view.remainingDestructive ? 'font-semibold text-destructive' : 'text-muted-foreground')}
        >
          {view.remainingText}
        </span>
      </div>
      <Progress value={view.percent} indicatorColor={BAND_TONE[view.band]} aria-label="Queries used this period" data-band={view.band} />
      {countFromRealPeriod && (
        <p className="text-xs text-muted-foreground">
          The count is your real usage this {PERIOD_NOUN[countFromRealPeriod]}, not this {PERIOD_NOUN[info.timePeriod]}.
        </p>
      )}
    </div>
  );
}

export interface QueryLimitStatusProps {
  /** The tier read to show: the cached one (profile) or a page's own poll (home). */
  query: UseQueryResult<TierInfo>;
  /** A developer's display-only view as another tier (ignored for everyone else). */
  simulatedTier?: SimulatedTier | null;
  /** The caller labels the simulation itself (the plan card does, beside the plan name). */
  hideSimulatedBadge?: boolean;
  className?: string;
}

/** A tier read as the usage display: loading, the §8 error text, or the view. */
export function QueryLimitStatus({ query, simulatedTier = null, hideSimulatedBadge = false, className }: QueryLimitStatusProps) {
  if (query.isPending) {
    return (
      <div data-testid="query-limit-display" data-state="loading" className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}>
        <Spinner size="sm" label="Loading query limit information" />
        Loading query limit information…
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <p data-testid="query-limit-display" data-state="error" role="alert" className={cn('text-sm text-destructive', className)}>
        Unable to load query limit information
      </p>
    );
  }
  const view = simulatedTierView(query.data, simulatedTier);
  return <QueryLimitView info={view.info} simulated={view.simulated && !hideSimulatedBadge} countFromRealPeriod={view.countFromRealPeriod ? query.data.timePeriod : null} className={className} />;
}

export interface QueryLimitDisplayProps extends Omit<QueryLimitStatusProps, 'query'> {
  /** Always refetch on mount and focus (the profile page). */
  alwaysFresh?: boolean;
}

/** The signed-in user's tier usage from the cached tier read; shows nothing when signed out. */
export function QueryLimitDisplay({ alwaysFresh = false, ...rest }: QueryLimitDisplayProps) {
  const { user } = useAuth();
  const query = useTierInfo({ alwaysFresh });
  if (!user) return null;
  return <QueryLimitStatus query={query} {...rest} />;
}
