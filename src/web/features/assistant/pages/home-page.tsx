import { MessageSquare } from 'lucide-react';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

/** / (doc 1 §2, Home): the chat assistant comes with its own issue. */
export function HomePage() {
  return <PagePlaceholder testId="home-page" icon={MessageSquare} title="Your AI-powered drone support assistant" />;
}
