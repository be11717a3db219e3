import { useIsMutating } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useAuth } from '../../auth/index.ts';
import { HELP_REQUEST_MUTATION_KEY, HelpRequestForm } from '../../support/index.ts';

export interface ContactSalesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Enterprise is sold by people (doc 3 §9 'contact sales'): the card's button opens the help-request form
 * here, filed under category 'sales' so staff see it as a sales lead. It stays open while sending.
 */
export function ContactSalesDialog({ open, onOpenChange }: ContactSalesDialogProps) {
  const { user } = useAuth();
  const sending = useIsMutating({ mutationKey: HELP_REQUEST_MUTATION_KEY }) > 0;
  if (!user) return null;
  return (
    <Dialog open={open} onOpenChange={(next) => (next || !sending) && onOpenChange(next)}>
      <DialogContent data-testid="contact-sales-dialog" className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Contact sales</DialogTitle>
          <DialogDescription>
            Enterprise gives your team a 4.5x larger knowledge base and terms that fit your fleet. Tell us about it and we respond within 24
            hours.
          </DialogDescription>
        </DialogHeader>
        <HelpRequestForm
          user={user}
          category="sales"
          defaultSubject="account"
          defaultMessage="I would like to hear about the Enterprise plan for my team."
          onSent={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
