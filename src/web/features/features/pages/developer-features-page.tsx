import { FlaskConical } from 'lucide-react';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

/** /developer/features (doc 3 §2.5): feature rollout. */
export function DeveloperFeaturesPage() {
  return <PagePlaceholder testId="developer-features-page" icon={FlaskConical} title="Developer Features" />;
}
