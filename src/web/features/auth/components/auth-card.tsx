import type { ReactNode } from 'react';
import { Plane } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

/** The centred card both sign-in screens sit in. */
export function AuthCard({ title, description, children, testId }: { title: string; description: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="flex min-h-[calc(100dvh-8rem)] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md" data-testid={testId}>
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary" aria-hidden>
            <Plane className="size-6 -rotate-45" />
          </span>
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">{children}</CardContent>
      </Card>
    </div>
  );
}

export function TermsNote() {
  return (
    <p className="text-center text-xs text-muted-foreground">
      By continuing, you agree to the Drone Doctor Terms of Service and Privacy Policy.
    </p>
  );
}
