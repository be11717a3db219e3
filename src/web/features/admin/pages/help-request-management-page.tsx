import { LifeBuoy } from 'lucide-react';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

/** /admin/help-requests (doc 3 §2.5). */
export function HelpRequestManagementPage() {
  return <PagePlaceholder testId="help-request-management-page" icon={LifeBuoy} title="Help Request Management" />;
}
