import { ChartColumn, ShieldX } from 'lucide-react';
import { isSuperAdmin } from '../../../../shared/tiers.ts';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';
import { StatusCard } from '../../../components/status-card.tsx';
import { useTierAccess } from '../../auth/index.ts';

/** /analytics and /admin/analytics: open to any signed-in user at route level, data for super_admin only (doc 3 §2.6). */
export function AnalyticsPage() {
  const { tierPair, isLoading } = useTierAccess();
  if (isLoading) return <FullPageSpinner label="Checking access" />;
  if (!tierPair || !isSuperAdmin(tierPair)) {
    return <StatusCard testId="access-denied" icon={ShieldX} tone="destructive" title="Access Denied" message="Super admin access required." />;
  }
  return <PagePlaceholder testId="analytics-page" icon={ChartColumn} title="Analytics Dashboard" />;
}
