import { Users } from 'lucide-react';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

/** /admin/users (doc 3 §2.5). */
export function UserManagementPage() {
  return <PagePlaceholder testId="user-management-page" icon={Users} title="User Management" />;
}
