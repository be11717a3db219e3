import { ChevronDown, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/utils.ts';

/** A card whose body opens and closes under a heading button (a disclosure, announced as such). */
export function CollapsiblePanel({
  title,
  icon: Icon,
  summary,
  children,
  testId,
  defaultOpen = false,
}: {
  title: string;
  icon: LucideIcon;
  /** A short line beside the title, visible while closed. */
  summary?: ReactNode;
  children: ReactNode;
  testId?: string;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <Card data-testid={testId} data-open={open}>
      <h2 className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center gap-3 rounded-xl p-4 text-left outline-none hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring sm:px-6"
        >
          <Icon className="size-5 shrink-0 text-primary" aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="block">{title}</span>
            {summary && <span className="block truncate text-sm font-normal text-muted-foreground">{summary}</span>}
          </span>
          <ChevronDown className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
      </h2>
      <div id={bodyId} hidden={!open} className="border-t px-4 py-4 sm:px-6">
        {children}
      </div>
    </Card>
  );
}
