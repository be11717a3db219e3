import { RefreshCw, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import type { AiFlightAnalysisResponse, AnalysisFactor, RiskLevel, WeatherResponse } from '../../../../shared/weather/contract.ts';
import type { MeasurementSystem, SpeedUnit } from '../../../../shared/weather/units.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/utils.ts';
import type { TileColour } from '../model/cards.ts';
import { briefView, LEVEL_WORDS } from '../model/brief.ts';
import { DOT_TONE, TEXT_TONE } from './tones.ts';

export const ANALYSIS_FAILED = 'Failed to generate AI analysis. Please try again.';

const LEVEL_COLOUR = { good: 'green', caution: 'yellow', poor: 'red' } as const satisfies Record<string, TileColour>;

/** The brief of basic, hobbyist and unknown tiers (§2.2, §9), with the "Want AI Analysis?" prompt. */
export function SimpleBriefCard({ weather, system, speedUnit }: { weather: WeatherResponse; system: MeasurementSystem; speedUnit: SpeedUnit }) {
  const brief = briefView(weather, system, speedUnit);
  const colour = LEVEL_COLOUR[brief.level];
  return (
    <Card data-testid="simple-brief" data-level={brief.level} className="h-full">
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-lg">
          Weather Brief
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className={cn('flex items-center gap-2 text-base font-semibold', TEXT_TONE[colour])} data-testid="brief-level">
          <span className={cn('size-3 rounded-full', DOT_TONE[colour])} aria-hidden />
          {LEVEL_WORDS[brief.level]}
        </p>
        <p className="text-sm" data-testid="brief-text">
          {brief.text}
        </p>
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {brief.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="text-sm">{brief.advice}</p>
        <div className="rounded-lg border border-dashed p-3" data-testid="ai-prompt">
          <p className="flex items-center gap-2 text-sm font-semibold">
            <Sparkles className="size-4 text-primary" aria-hidden />
            Want AI Analysis?
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            Pro, Business and Enterprise plans add an AI flight analysis that weighs these conditions against your drone and your logged
            hours. <Link to="/profile" className="font-medium text-primary underline-offset-4 hover:underline">See your plan</Link>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

const RISK_COLOUR: Record<RiskLevel, TileColour> = { LOW: 'green', MODERATE: 'yellow', HIGH: 'red', EXTREME: 'red' };
const SEVERITY_COLOUR: TileColour[] = ['green', 'yellow', 'yellow', 'red'];
const SEVERITY_WORDS = ['fine', 'watch', 'marginal', 'beyond limits'];

export interface AnalysisState {
  data: AiFlightAnalysisResponse | undefined;
  isLoading: boolean;
  isError: boolean;
  /** The failure, to tell a limit (say so, and when to try again) from a fault (issue 16). */
  error?: unknown;
  retry: () => void;
}

/**
 * A limit offers the way forward (issue 16): the server's own words for a rate or plan limit, with when
 * it clears; never the bare "failed" of a fault.
 */
export function analysisFailureText(error: unknown): string {
  // The rate limit's message says when it clears ("retry in 1 minute"); a plan's refusal says what it allows.
  if (error instanceof ApiError && (error.status === 429 || error.status === 403) && error.serverMessage.trim()) {
    return error.serverMessage.trim().replace(/([^.])$/, '$1.');
  }
  return ANALYSIS_FAILED;
}

/** The AI flight analysis of paid tiers (§3: summary, recommendation, riskLevel, confidence, error). */
export function AiAnalysisCard({ analysis, unavailable }: { analysis: AnalysisState; unavailable: boolean }) {
  const { data, isLoading, isError } = analysis;
  return (
    <Card data-testid="ai-analysis" className="h-full">
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <Sparkles className="size-5 text-primary" aria-hidden />
          AI Flight Analysis
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {unavailable ? (
          <p className="text-sm text-muted-foreground">The forecast lacks the wind or temperature the analysis needs.</p>
        ) : isLoading ? (
          <div className="flex items-center gap-3 text-sm text-muted-foreground">
            <Spinner size="sm" label="Analysing conditions" />
            Analysing conditions…
          </div>
        ) : isError || !data ? (
          <div className="grid gap-2" role="alert">
            <p className="text-sm font-medium text-red-700 dark:text-red-300" data-testid="analysis-failure">
              {analysisFailureText(analysis.error)}
            </p>
            <Button variant="outline" size="sm" className="w-fit" onClick={analysis.retry}>
              <RefreshCw aria-hidden />
              Try again
            </Button>
          </div>
        ) : (
          <AnalysisBody data={data} />
        )}
      </CardContent>
    </Card>
  );
}

function AnalysisBody({ data }: { data: AiFlightAnalysisResponse }) {
  const colour = RISK_COLOUR[data.riskLevel];
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn('flex items-center gap-2 text-base font-semibold', TEXT_TONE[colour])} data-testid="risk-level">
          <span className={cn('size-3 rounded-full', DOT_TONE[colour])} aria-hidden />
          Risk: {data.riskLevel}
        </span>
        <Badge variant="secondary">Confidence {data.confidence}%</Badge>
      </div>
      <p className="text-sm" data-testid="analysis-summary">
        {data.summary}
      </p>
      <p className="rounded-md bg-muted px-3 py-2 text-sm">
        <span className="font-semibold">Recommendation: </span>
        {data.recommendation}
      </p>
      <FactorList factors={data.factors} />
      <p className="text-xs text-muted-foreground">
        {data.generatedBy === 'llm' ? 'Written by the configured language model from the same factors.' : 'Built-in analysis from the forecast factors.'}
        {data.error ? ` ${data.error}` : ''}
      </p>
    </>
  );
}

function FactorList({ factors }: { factors: AnalysisFactor[] }) {
  const notable = factors.filter((f) => f.severity > 0);
  if (notable.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm" aria-label="Factors to watch">
      {notable.map((f) => (
        <li key={f.factor} className="flex items-start gap-2">
          <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', DOT_TONE[SEVERITY_COLOUR[f.severity] ?? 'neutral'])} aria-hidden />
          <span>
            {f.detail} <span className="sr-only">({SEVERITY_WORDS[f.severity]})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
