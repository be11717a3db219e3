import { Spinner } from './ui/spinner.tsx';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50dvh] w-full items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
