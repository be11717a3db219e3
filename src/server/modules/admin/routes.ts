import {
  adminHelpRequestSchema,
  adminUserSchema,
  analyticsSchema,
  assignTierSchema,
  dailyActiveUsersSchema,
  errorListQuerySchema,
  errorListSchema,
  errorLogSchema,
  helpRequestListQuerySchema,
  helpRequestListSchema,
  helpRequestUpdateSchema,
  helpStatsSchema,
  idParamsSchema,
  monthlyActiveUsersSchema,
  resolveErrorSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListSchema,
  userSearchQuerySchema,
} from '../../../shared/admin.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { requireCurrentUser } from '../auth/current-user.ts';
import { staffGuard } from './guard.ts';
import { createAdminService } from './service.ts';

/** Error logs, users and tiers, help requests and analytics (doc 3 §7 Admin; issue 13). */
export function adminRoutes(app: App, deps: AppDeps) {
  const admin = createAdminService(deps.db, deps.mail, app.log, deps.changes);
  const read = <R extends Parameters<typeof staffGuard>[0]>(resource: R) => ({ onRequest: [deps.requireUser, staffGuard(resource, 'read')] });
  const change = (resource: 'errors' | 'users' | 'helpRequests') => ({
    onRequest: [deps.requireUser, staffGuard(resource, 'change')],
    config: deps.limits.writes,
  });

  app.get('/api/admin/errors', { ...read('errors'), schema: { querystring: errorListQuerySchema, response: { 200: errorListSchema } } }, async (request) =>
    admin.listErrors(request.query),
  );
  app.patch(
    '/api/admin/errors/:id/resolve',
    { ...change('errors'), schema: { params: idParamsSchema, body: resolveErrorSchema, response: { 200: errorLogSchema } } },
    async (request) => admin.resolveError(request.params.id, request.body.notes),
  );

  app.get('/api/admin/users', { ...read('users'), schema: { querystring: userListQuerySchema, response: { 200: userListSchema } } }, async (request) =>
    admin.listUsers(request.query),
  );
  app.get(
    '/api/admin/users/search',
    { ...read('users'), schema: { querystring: userSearchQuerySchema, response: { 200: userListSchema } } },
    async (request) => admin.searchUsers(request.query),
  );
  app.put(
    '/api/admin/users/:id/tier',
    { ...change('users'), schema: { params: userIdParamsSchema, body: assignTierSchema, response: { 200: adminUserSchema } } },
    async (request) => admin.assignTier(requireCurrentUser(request), request.params.id, request.body.tier),
  );

  app.get(
    '/api/admin/help-requests',
    { ...read('helpRequests'), schema: { querystring: helpRequestListQuerySchema, response: { 200: helpRequestListSchema } } },
    async (request) => admin.listHelpRequests(request.query),
  );
  app.get('/api/admin/help-requests/stats', { ...read('helpRequests'), schema: { response: { 200: helpStatsSchema } } }, async () => admin.helpStats());
  app.patch(
    '/api/admin/help-requests/:id',
    { ...change('helpRequests'), schema: { params: idParamsSchema, body: helpRequestUpdateSchema, response: { 200: adminHelpRequestSchema } } },
    async (request) => admin.updateHelpRequest(requireCurrentUser(request), request.params.id, request.body),
  );

  app.get('/api/admin/analytics', { ...read('analytics'), schema: { response: { 200: analyticsSchema } } }, async () => admin.analytics());
  app.get('/api/admin/analytics/daily-active-users', { ...read('analytics'), schema: { response: { 200: dailyActiveUsersSchema } } }, async () =>
    admin.dailyActiveUsers(),
  );
  app.get('/api/admin/analytics/monthly-active-users', { ...read('analytics'), schema: { response: { 200: monthlyActiveUsersSchema } } }, async () =>
    admin.monthlyActiveUsers(),
  );
}
