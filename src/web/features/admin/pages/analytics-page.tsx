import { ShieldX } from 'lucide-react';
import { isSuperAdmin } from '../../../../shared/tiers.ts';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { StatusCard } from '../../../components/status-card.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useTierAccess } from '../../auth/index.ts';
import { BarChart } from '../components/bar-chart.tsx';
import { Loading, StaffPage, formatWhen, serverMessage } from '../components/staff-page.tsx';
import { useAnalytics } from '../hooks/use-admin.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1] ?? ym} ${ym.slice(2, 4)}`;

/** /analytics and /admin/analytics: open to any signed-in user at route level, data for super_admin only (doc 3 §2.6). */
export function AnalyticsPage() {
  const { tierPair, isLoading } = useTierAccess();
  const allowed = tierPair !== null && isSuperAdmin(tierPair);
  const { overview, daily, monthly } = useAnalytics(allowed);
  if (isLoading) return <FullPageSpinner label="Checking access" />;
  if (!allowed) {
    return <StatusCard testId="access-denied" icon={ShieldX} tone="destructive" title="Access Denied" message="Super admin access required." />;
  }
  const a = overview.data;
  const figures = a
    ? [
        { label: 'Total users', value: a.totalUsers, id: 'total-users' },
        { label: 'Daily active users', value: a.dailyActiveUsers, id: 'dau' },
        { label: 'Monthly active users', value: a.monthlyActiveUsers, id: 'mau' },
        { label: 'Engagement rate', value: `${a.engagementRate}%`, id: 'engagement' },
        { label: 'New users today', value: a.newUsersToday, id: 'new-today' },
        { label: 'New users this week', value: a.newUsersThisWeek, id: 'new-week' },
        { label: 'New users this month', value: a.newUsersThisMonth, id: 'new-month' },
      ]
    : [];

  return (
    <StaffPage
      testId="analytics-page"
      title="Analytics Dashboard"
      description="Users and activity, in UTC: weeks start on Monday, months on the 1st. Refreshed every 30 seconds."
      back={{ to: '/', label: 'Back to Home' }}
      links={[
        { to: '/', label: 'Home' },
        { to: '/profile', label: 'Profile' },
        { to: '/admin/errors', label: 'Error Management' },
        { to: '/admin/help-requests', label: 'Help Requests' },
        { to: '/admin/users', label: 'User Management' },
        { to: '/developer/features', label: 'Developer Features' },
      ]}
    >
      {overview.isLoading ? (
        <Loading label="Loading analytics" />
      ) : overview.isError || !a ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load analytics: {serverMessage(overview.error)}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="analytics-figures">
            {figures.map((f) => (
              <div key={f.id} className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
                  <dt className="text-xs text-muted-foreground">{f.label}</dt>
                  <dd className="text-2xl font-semibold tabular-nums" data-testid={`figure-${f.id}`}>
                    {f.value}
                  </dd>
              </div>
            ))}
          </dl>
          <p className="-mt-3 text-xs text-muted-foreground">As of {formatWhen(a.asOf)}. Engagement rate is monthly active users divided by total users.</p>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <CardContent className="p-4">
                {daily.data ? (
                  <BarChart
                    testId="dau-chart"
                    title="Daily active users, last 30 days"
                    points={daily.data.days.map((d) => ({ label: d.date, short: d.date.slice(5), value: d.count }))}
                  />
                ) : (
                  <Loading label="Loading daily active users" />
                )}
              </CardContent>
            </Card>
            <Card>
              <CardContent className="p-4">
                {monthly.data ? (
                  <BarChart
                    testId="mau-chart"
                    title="Monthly active users, last 12 months"
                    points={monthly.data.months.map((m) => ({ label: m.month, short: monthLabel(m.month), value: m.count }))}
                  />
                ) : (
                  <Loading label="Loading monthly active users" />
                )}
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-lg">
                Activity this month by type
              </CardTitle>
            </CardHeader>
            <CardContent>
              {a.activityByType.length === 0 ? (
                <p className="text-sm text-muted-foreground">No activity this month yet.</p>
              ) : (
                <ul className="grid gap-2" data-testid="activity-by-type">
                  {a.activityByType.map((t) => (
                    <li key={t.activityType} className="flex justify-between gap-4 text-sm">
                      <span>{t.activityType.replace(/_/g, ' ')}</span>
                      <span className="font-medium tabular-nums">{t.count}</span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </StaffPage>
  );
}
