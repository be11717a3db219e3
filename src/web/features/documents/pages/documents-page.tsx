import { FileText } from 'lucide-react';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

/** /documents (doc 2): a business's knowledge-base documents. */
export function DocumentsPage() {
  return <PagePlaceholder testId="documents-page" icon={FileText} title="Documents" />;
}
