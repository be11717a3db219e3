import { useIsMutating } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FEEDBACK_MUTATION_KEY } from '../api.ts';
import { FeedbackForm } from './feedback-form.tsx';

export interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Doc 1 §4: closed → open → submitting → closed and reset on success; on failure it stays open with
 * what was typed. It cannot be dismissed while a submission is on its way.
 */
export function FeedbackDialog({ open, onOpenChange }: FeedbackDialogProps) {
  const submitting = useIsMutating({ mutationKey: FEEDBACK_MUTATION_KEY }) > 0;
  const change = (next: boolean) => {
    if (!next && submitting) return;
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent data-testid="feedback-dialog" aria-describedby="feedback-dialog-description">
        <DialogHeader>
          <DialogTitle>Send feedback</DialogTitle>
          <DialogDescription id="feedback-dialog-description">
            Tell us what works, what does not, and what you would like next. We read every message.
          </DialogDescription>
        </DialogHeader>
        <FeedbackForm onSubmitted={() => onOpenChange(false)} onCancel={() => change(false)} />
      </DialogContent>
    </Dialog>
  );
}
