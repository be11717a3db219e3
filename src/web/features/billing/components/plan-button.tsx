import { Button } from '../../../components/ui/button.tsx';
import type { PaidTier } from '../../../../shared/billing.ts';
import type { PlanAction } from './plan-catalogue.ts';

export interface PlanButtonProps {
  action: PlanAction;
  label: string;
  busy: boolean;
  onUpgrade: (tier: PaidTier) => void;
  onDowngrade: (tier: 'basic' | PaidTier) => void;
  onContactSales: () => void;
}

/** A card's action along the tier order (doc 3 §2.4, §4, §6). */
export function PlanButton({ action, label, busy, onUpgrade, onDowngrade, onContactSales }: PlanButtonProps) {
  // Long labels ('Downgrade to Hobbyist') wrap in narrow cards rather than overflow.
  const full = 'h-auto min-h-9 w-full whitespace-normal';
  switch (action.kind) {
    case 'admin':
      return (
        <Button className={full} disabled variant="outline">
          Admin Account
        </Button>
      );
    case 'current':
      return (
        <Button className={full} disabled variant="secondary">
          Current plan
        </Button>
      );
    case 'contact':
      return (
        <Button className={full} variant="outline" onClick={onContactSales} data-testid="contact-sales">
          Contact sales
        </Button>
      );
    case 'upgrade':
      return (
        <Button className={full} onClick={() => onUpgrade(action.tier)} data-testid={`upgrade-${action.tier}`}>
          Upgrade to {label}
        </Button>
      );
    case 'downgrade':
      return (
        <Button className={full} variant="outline" disabled={busy} onClick={() => onDowngrade(action.tier)} data-testid={`downgrade-${action.tier}`}>
          {busy ? 'Changing…' : `Downgrade to ${label}`}
        </Button>
      );
  }
}
