import { FileText } from 'lucide-react';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

/** /admin/documents (doc 3 §2.5): pending review, approved, deletion requests. */
export function DocumentReviewPage() {
  return <PagePlaceholder testId="document-review-page" icon={FileText} title="Document Review" />;
}
