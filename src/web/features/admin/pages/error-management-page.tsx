import { Bug } from 'lucide-react';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

/** /admin/errors (doc 3 §2.5). */
export function ErrorManagementPage() {
  return <PagePlaceholder testId="error-management-page" icon={Bug} title="Error Management" />;
}
