import type { ComponentProps, ReactNode } from 'react';
import { BackLink } from '../../../components/back-link.tsx';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/utils.ts';

/** The frame every staff page shares: a back link, the title, a line of help and the page's own links. */
export function StaffPage({
  testId,
  title,
  description,
  back,
  links,
  children,
}: {
  testId: string;
  title: string;
  description: ReactNode;
  back: { to: string; label: string };
  links?: { to: string; label: string }[];
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-5xl min-w-0 grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6" data-testid={testId}>
      <div className="grid gap-2">
        <BackLink to={back.to}>{back.label}</BackLink>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
        {links && links.length > 0 && (
          <nav aria-label={`${title} links`} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {links.map((l) => (
              <Link key={l.to} to={l.to} className="font-medium text-primary underline-offset-4 hover:underline">
                {l.label}
              </Link>
            ))}
          </nav>
        )}
      </div>
      {children}
    </div>
  );
}

/** A native select styled like the inputs: short fixed lists, usable on phones and with the keyboard. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
        className,
      )}
      {...props}
    />
  );
}

export const serverMessage = (error: unknown) => (error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : 'Unknown error');

/** The paged list's continuation (ADR 0014): one button that asks for the next cursor's page. */
export function LoadMore({ hasNext, loading, onClick }: { hasNext: boolean; loading: boolean; onClick: () => void }) {
  if (!hasNext) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={onClick} disabled={loading} data-testid="load-more">
        {loading && <Spinner size="sm" label="Loading more" />}
        Load more
      </Button>
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center p-6">
      <Spinner label={label} />
    </div>
  );
}

export const formatWhen = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
