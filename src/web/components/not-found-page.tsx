import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { StatusCard } from './status-card.tsx';
import { Button } from './ui/button.tsx';

/** Any signed-in path the router does not know (doc 3 §2.1). */
export function NotFoundPage() {
  return (
    <StatusCard
      testId="not-found"
      icon={SearchX}
      tone="destructive"
      title="404 Page Not Found"
      message="Did you forget to add the page to the router?"
      action={
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      }
    />
  );
}
