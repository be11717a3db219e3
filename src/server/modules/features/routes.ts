import {
  createFeatureSchema,
  developerFeatureSchema,
  enabledFeaturesSchema,
  featureIdParamsSchema,
  featureListSchema,
  rolloutSchema,
  updateFeatureSchema,
} from '../../../shared/features.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { staffGuard } from '../admin/guard.ts';
import { requireCurrentUser } from '../auth/current-user.ts';
import { createFeaturesService } from './service.ts';

/** Developer feature rollout (doc 3 §7) and the one endpoint the web app reads its flags from. */
export function featureRoutes(app: App, deps: AppDeps) {
  const features = createFeaturesService(deps.db);
  const guarded = (action: 'read' | 'change' | 'rollout') => ({
    onRequest: [deps.requireUser, staffGuard('features', action)],
    ...(action === 'read' ? {} : { config: deps.limits.writes }),
  });

  app.get('/api/developer/features', { ...guarded('read'), schema: { response: { 200: featureListSchema } } }, async () => ({
    features: await features.list(),
  }));

  app.post(
    '/api/developer/features',
    { ...guarded('change'), schema: { body: createFeatureSchema, response: { 201: developerFeatureSchema } } },
    async (request, reply) => reply.status(201).send(await features.create(requireCurrentUser(request), request.body)),
  );

  app.put(
    '/api/developer/features/:id',
    { ...guarded('change'), schema: { params: featureIdParamsSchema, body: updateFeatureSchema, response: { 200: developerFeatureSchema } } },
    async (request) => features.update(request.params.id, request.body),
  );

  app.post(
    '/api/developer/features/:id/rollout',
    { ...guarded('rollout'), schema: { params: featureIdParamsSchema, body: rolloutSchema, response: { 200: developerFeatureSchema } } },
    async (request) => features.rollout(request.params.id, request.body.tiers),
  );

  app.get('/api/features/enabled', { onRequest: deps.requireUser, schema: { response: { 200: enabledFeaturesSchema } } }, async (request) => ({
    features: await features.enabledFor(requireCurrentUser(request)),
  }));
}
