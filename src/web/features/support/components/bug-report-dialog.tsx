import { useIsMutating } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { BUG_REPORT_MUTATION_KEY } from '../api.ts';
import { BugReportForm } from './bug-report-form.tsx';

export interface BugReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Closes and resets on success, stays open on failure, cannot be dismissed while sending. */
export function BugReportDialog({ open, onOpenChange }: BugReportDialogProps) {
  const submitting = useIsMutating({ mutationKey: BUG_REPORT_MUTATION_KEY }) > 0;
  const change = (next: boolean) => {
    if (!next && submitting) return;
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent data-testid="bug-report-dialog" aria-describedby="bug-report-dialog-description">
        <DialogHeader>
          <DialogTitle>Report a bug</DialogTitle>
          <DialogDescription id="bug-report-dialog-description">
            Something not working? Describe it and we will look into it.
          </DialogDescription>
        </DialogHeader>
        <BugReportForm onSubmitted={() => onOpenChange(false)} onCancel={() => change(false)} />
      </DialogContent>
    </Dialog>
  );
}
