import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Construction } from 'lucide-react';
import { cn } from '../lib/utils.ts';

export const NOT_AVAILABLE_TEXT = 'This feature is not available yet in this build.';

/**
 * A page whose feature comes with a later piece of work: its real title and one honest line, nothing
 * invented. The page file is replaced in place when the feature lands.
 */
export function PagePlaceholder({ title, icon: Icon = Construction, testId, className, children }: { title: ReactNode; icon?: LucideIcon; testId?: string; className?: string; children?: ReactNode }) {
  return (
    <div className={cn('mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-16 text-center', className)} data-testid={testId}>
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary" aria-hidden>
        <Icon className="size-7" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-3 text-muted-foreground" data-testid="not-available">
        {NOT_AVAILABLE_TEXT}
      </p>
      {children}
    </div>
  );
}
