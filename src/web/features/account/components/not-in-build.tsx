/** A tab whose contents arrive with a later part of the product: one honest line, no invented data. */
export function NotInBuild({ what, testId }: { what: string; testId: string }) {
  return (
    <p data-testid={testId} className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
      {what} not available yet in this build.
    </p>
  );
}
