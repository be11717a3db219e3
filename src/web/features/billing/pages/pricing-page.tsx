import { CreditCard } from 'lucide-react';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

/** /pricing (doc 3 §2.4): the plans page; guarded admin-or-developer by the router. */
export function PricingPage() {
  return <PagePlaceholder testId="pricing-page" icon={CreditCard} title="Plans" />;
}
