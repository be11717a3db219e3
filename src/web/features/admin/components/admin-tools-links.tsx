import { Bug, ChartColumn, FileText, FlaskConical, LifeBuoy, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { staffCan } from '../../../../shared/admin-permissions.ts';
import { isAdminOrDeveloper, type TierPair } from '../../../../shared/tiers.ts';
import { Card, CardContent } from '../../../components/ui/card.tsx';

interface Tool {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
  may: (t: TierPair) => boolean;
}

/** Each tool with the rule of the permission table (or route guard) that opens it to the caller. */
const TOOLS: Tool[] = [
  { to: '/admin/analytics', title: 'Analytics Dashboard', description: 'Users, activity and engagement.', icon: ChartColumn, may: (t) => staffCan(t, 'analytics', 'read') },
  { to: '/admin/errors', title: 'Error Management', description: 'Failed requests, resolved with notes.', icon: Bug, may: (t) => staffCan(t, 'errors', 'read') },
  { to: '/admin/users', title: 'User Management', description: 'Find users and assign tiers.', icon: Users, may: (t) => staffCan(t, 'users', 'read') },
  { to: '/admin/help-requests', title: 'Help Request Management', description: 'Answer help requests by e-mail.', icon: LifeBuoy, may: (t) => staffCan(t, 'helpRequests', 'read') },
  { to: '/admin/documents', title: 'Document Review', description: 'Approve business knowledge-base documents.', icon: FileText, may: isAdminOrDeveloper },
  { to: '/developer/features', title: 'Developer Features', description: 'Create features and roll them out to tiers.', icon: FlaskConical, may: (t) => staffCan(t, 'features', 'read') },
];

/** The Profile page's Admin tab (doc 1 §2): a link to each staff tool the signed-in member may use. */
export function AdminToolsLinks({ tierPair }: { tierPair: TierPair }) {
  const tools = TOOLS.filter((t) => t.may(tierPair));
  if (tools.length === 0) {
    return <p className="text-sm text-muted-foreground">No staff tools are open to your account.</p>;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Admin tools" data-testid="admin-tools">
      {tools.map(({ to, title, description, icon: Icon }) => (
        <li key={to}>
          <Card className="h-full transition-colors hover:bg-accent">
            <Link to={to} className="block h-full rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
              <CardContent className="flex items-start gap-3 p-4">
                <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <span className="grid gap-0.5">
                  <span className="font-medium">{title}</span>
                  <span className="text-sm text-muted-foreground">{description}</span>
                </span>
              </CardContent>
            </Link>
          </Card>
        </li>
      ))}
    </ul>
  );
}
