import {
  preferenceUpdateSchema,
  preferencesSchema,
  publicPreferencesSchema,
  tierInfoSchema,
  userIdParamsSchema,
} from '../../../shared/account.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { requireCurrentUser } from '../auth/current-user.ts';

export function accountRoutes(app: App, deps: AppDeps) {
  const { accounts, requireUser } = deps;

  app.get('/api/user/tier', { onRequest: requireUser, schema: { response: { 200: tierInfoSchema } } }, async (request) =>
    accounts.tierInfo(requireCurrentUser(request).id),
  );

  app.get(
    '/api/user/tier/:userId',
    { onRequest: requireUser, schema: { params: userIdParamsSchema, response: { 200: tierInfoSchema } } },
    async (request) => accounts.tierInfoFor(requireCurrentUser(request), request.params.userId),
  );

  app.get('/api/preferences', { onRequest: requireUser, schema: { response: { 200: preferencesSchema } } }, async (request) =>
    accounts.readPreferences(requireCurrentUser(request).id),
  );

  app.get(
    '/api/preferences/:userId',
    { onRequest: requireUser, schema: { params: userIdParamsSchema, response: { 200: publicPreferencesSchema } } },
    async (request) => accounts.preferencesFor(requireCurrentUser(request), request.params.userId),
  );

  app.post(
    '/api/preferences',
    { onRequest: requireUser, config: deps.limits.writes, schema: { body: preferenceUpdateSchema, response: { 200: preferencesSchema } } },
    async (request) => accounts.savePreference(requireCurrentUser(request).id, request.body),
  );
}
