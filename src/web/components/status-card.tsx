import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card.tsx';

/** A centred card with an icon, a title and a message: access refusals, not-found, errors. */
export function StatusCard({ icon: Icon, title, message, tone = 'default', action, testId }: { icon: LucideIcon; title: string; message: ReactNode; tone?: 'default' | 'destructive' | 'warning'; action?: ReactNode; testId?: string }) {
  const toneClass = tone === 'destructive' ? 'bg-destructive/10 text-destructive' : tone === 'warning' ? 'bg-warning/10 text-warning' : 'bg-primary/10 text-primary';
  return (
    <div className="flex w-full justify-center px-4 py-16">
      <Card className="w-full max-w-md text-center" data-testid={testId}>
        <CardHeader className="items-center">
          <span className={`mb-2 flex size-12 items-center justify-center rounded-full ${toneClass}`} aria-hidden>
            <Icon className="size-6" />
          </span>
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription className="text-base">{message}</CardDescription>
        </CardHeader>
        {action && <CardContent className="flex justify-center">{action}</CardContent>}
      </Card>
    </div>
  );
}
