import { MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';

// The dialog, its form and the form's libraries download on first use, not with the navbar (ADR 0066).
const FeedbackDialog = lazyDialog(() => import('./feedback-dialog.tsx').then((m) => m.FeedbackDialog));

/** The navbar's feedback button (doc 1 §2): opens the feedback dialog. */
export function FeedbackButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Feedback"
        title="Feedback"
        data-testid="feedback-button"
        className={className}
        onPointerEnter={() => void FeedbackDialog.preload()}
        onFocus={() => void FeedbackDialog.preload()}
        onClick={() => setOpen(true)}
      >
        <MessageSquarePlus aria-hidden />
      </Button>
      <FeedbackDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
