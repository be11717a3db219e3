import { Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils.ts';

/** An inline notice: information (blue) or a warning (amber), never colour alone (an icon says which). */
export function Notice({ tone = 'info', children, testId, live = 'polite' }: { tone?: 'info' | 'warning'; children: ReactNode; testId?: string; live?: 'polite' | 'off' }) {
  const Icon = tone === 'warning' ? TriangleAlert : Info;
  return (
    <div
      role="status"
      aria-live={live}
      data-testid={testId}
      className={cn(
        'flex items-start gap-3 rounded-lg border px-4 py-3 text-sm',
        tone === 'warning'
          ? 'border-amber-500/50 bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200'
          : 'border-sky-500/40 bg-sky-50 text-sky-900 dark:bg-sky-950/40 dark:text-sky-100',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
