import { confidenceBand, confidencePercent, type ConfidenceBand } from '../../../../shared/assistant.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const VARIANT: Record<ConfidenceBand, 'success' | 'warning' | 'destructive'> = { high: 'success', medium: 'warning', low: 'destructive' };

/** Confidence as a rounded percent, green above 0.7, yellow above 0.4, otherwise red (doc 1 §4). */
export function ConfidenceBadge({ confidence }: { confidence: number }) {
  const band = confidenceBand(confidence);
  return (
    <Badge variant={VARIANT[band]} data-testid="confidence" data-band={band}>
      Confidence {confidencePercent(confidence)}%
    </Badge>
  );
}
