import type {
  AdminHelpRequest,
  AdminUser,
  Analytics,
  DailyActiveUsers,
  ErrorList,
  ErrorLog,
  HelpRequestList,
  HelpRequestUpdate,
  HelpStats,
  MonthlyActiveUsers,
  StatusClass,
  UserList,
} from '../../../shared/admin.ts';
import type { Tier } from '../../../shared/tiers.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

export const ADMIN_KEY = ['admin'] as const;
export const ERRORS_KEY = [...ADMIN_KEY, 'errors'] as const;
export const USERS_KEY = [...ADMIN_KEY, 'users'] as const;
export const HELP_KEY = [...ADMIN_KEY, 'help-requests'] as const;
export const ANALYTICS_KEY = [...ADMIN_KEY, 'analytics'] as const;

const qs = (params: Record<string, string | number | boolean | undefined | null>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  return s.toString();
};

export interface ErrorFilters {
  includeResolved: boolean;
  statusClass: StatusClass | null;
  path: string;
}

export const fetchErrors = (f: ErrorFilters, cursor: string | null) =>
  apiGet<ErrorList>(`/api/admin/errors?${qs({ includeResolved: f.includeResolved, statusClass: f.statusClass, path: f.path.trim(), cursor })}`);
export const resolveError = (id: string, notes: string) => apiSend<ErrorLog>('PATCH', `/api/admin/errors/${id}/resolve`, { body: { notes } });

/** The list when the query is empty, the search otherwise (doc 3 §5: search only with a non-empty query). */
export const fetchUsers = (query: string, cursor: string | null) =>
  query.trim()
    ? apiGet<UserList>(`/api/admin/users/search?${qs({ query: query.trim(), cursor })}`)
    : apiGet<UserList>(`/api/admin/users?${qs({ cursor })}`);
export const assignTier = (id: string, tier: Tier) => apiSend<AdminUser>('PUT', `/api/admin/users/${encodeURIComponent(id)}/tier`, { body: { tier } });

export const fetchHelpRequests = (cursor: string | null) => apiGet<HelpRequestList>(`/api/admin/help-requests?${qs({ cursor })}`);
export const fetchHelpStats = () => apiGet<HelpStats>('/api/admin/help-requests/stats');
export const updateHelpRequest = (id: string, body: HelpRequestUpdate) => apiSend<AdminHelpRequest>('PATCH', `/api/admin/help-requests/${id}`, { body });

export const fetchAnalytics = () => apiGet<Analytics>('/api/admin/analytics');
export const fetchDailyActive = () => apiGet<DailyActiveUsers>('/api/admin/analytics/daily-active-users');
export const fetchMonthlyActive = () => apiGet<MonthlyActiveUsers>('/api/admin/analytics/monthly-active-users');
