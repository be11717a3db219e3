import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils.ts';

export type SpinnerProps = ComponentProps<'span'> & {
  /** What is loading, for screen readers. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
};

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({ className, label = 'Loading', size = 'md', ...props }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" data-testid="spinner" className={cn('inline-flex items-center justify-center text-primary', className)} {...props}>
      <LoaderCircle className={cn('animate-spin', sizes[size])} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
