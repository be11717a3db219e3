import { Progress } from '../../../components/ui/progress.tsx';

/** The full-screen overlay while an import, bulk update or bulk delete runs (doc 2 §2). */
export function ProgressOverlay({ title, step, value }: { title: string; step: string; value: number }) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-background/80 p-4 backdrop-blur-sm" role="dialog" aria-modal="true" aria-labelledby="progress-overlay-title" data-testid="progress-overlay">
      <div className="grid w-full max-w-sm gap-3 rounded-lg border bg-card p-6 shadow-lg">
        <h2 id="progress-overlay-title" className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground" role="status" aria-live="polite" data-testid="progress-step">
          {step}
        </p>
        <Progress value={value} aria-label={`${title}: ${Math.round(value)}%`} />
        <p className="text-right text-xs text-muted-foreground">{Math.round(value)}%</p>
      </div>
    </div>
  );
}
