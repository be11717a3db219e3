import { Building2 } from 'lucide-react';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

/** /company-setup (doc 2): the business profile set-up. */
export function CompanySetupPage() {
  return <PagePlaceholder testId="company-setup-page" icon={Building2} title="Company Setup" />;
}
