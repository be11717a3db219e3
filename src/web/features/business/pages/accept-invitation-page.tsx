import { MailOpen } from 'lucide-react';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

/** /accept-invitation (doc 2): a pilot accepts a business's invitation; reachable signed out. */
export function AcceptInvitationPage() {
  return <PagePlaceholder testId="accept-invitation-page" icon={MailOpen} title="Accept Invitation" />;
}
