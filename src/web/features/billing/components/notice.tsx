import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info } from 'lucide-react';

/** A line of news at the top of the pricing page (payments off, past due, payment went through). */
export function Notice({ tone, testId, children }: { tone: 'info' | 'warning' | 'success'; testId: string; children: ReactNode }) {
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
