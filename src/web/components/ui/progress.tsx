import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';

export type ProgressTone = 'default' | 'success' | 'warning' | 'destructive';

const toneClass: Record<ProgressTone, string> = {
  default: 'bg-primary',
  success: 'bg-success',
  warning: 'bg-warning',
  destructive: 'bg-destructive',
};

export type ProgressProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** 0 to `max`; clamped. */
  value: number;
  max?: number;
  /** The bar's colour: a tone, or any class for the indicator (e.g. "bg-sky-500"). */
  indicatorColor?: ProgressTone | (string & {});
  indicatorClassName?: string;
};

export function Progress({ className, value, max = 100, indicatorColor = 'default', indicatorClassName, ...props }: ProgressProps) {
  const safeMax = max > 0 ? max : 100;
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), safeMax);
  const percent = (clamped / safeMax) * 100;
  const colour = indicatorColor in toneClass ? toneClass[indicatorColor as ProgressTone] : indicatorColor;
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={clamped}
      className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className={cn('h-full rounded-full transition-[width] duration-300', colour, indicatorClassName)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
