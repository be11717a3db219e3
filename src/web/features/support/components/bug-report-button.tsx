import { Bug } from 'lucide-react';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';

// The dialog, its form and the form's libraries download on first use, not with the page (ADR 0066).
const BugReportDialog = lazyDialog(() => import('./bug-report-dialog.tsx').then((m) => m.BugReportDialog));

export type BugReportButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & {
  /** Show the words beside the icon (the icon-only form is the home page's). */
  withLabel?: boolean;
};

/** A bug icon button (accessible name "Report a bug") that opens the bug report dialog. */
export function BugReportButton({ withLabel = false, variant = 'ghost', size, ...props }: BugReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size ?? (withLabel ? 'default' : 'icon')}
        aria-label={withLabel ? undefined : 'Report a bug'}
        title="Report a bug"
        data-testid="bug-report-button"
        {...props}
        onPointerEnter={() => void BugReportDialog.preload()}
        onFocus={() => void BugReportDialog.preload()}
        onClick={() => setOpen(true)}
      >
        <Bug aria-hidden />
        {withLabel && 'Report a bug'}
      </Button>
      <BugReportDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
