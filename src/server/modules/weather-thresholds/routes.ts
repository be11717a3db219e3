import { thresholdsResponseSchema, thresholdsUpdateSchema } from '../../../shared/weather/thresholds.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { requireCurrentUser } from '../auth/current-user.ts';
import { createWeatherThresholdsService } from './service.ts';

/** The pilot's card-colour thresholds (doc 3 §3, §9 defaults). */
export function weatherThresholdsRoutes(app: App, deps: AppDeps) {
  const thresholds = createWeatherThresholdsService(deps.db);

  app.get(
    '/api/weather/thresholds',
    { onRequest: deps.requireUser, schema: { response: { 200: thresholdsResponseSchema } } },
    async (request) => thresholds.read(requireCurrentUser(request).id),
  );

  app.put(
    '/api/weather/thresholds',
    {
      onRequest: deps.requireUser,
      config: deps.limits.writes,
      schema: { body: thresholdsUpdateSchema, response: { 200: thresholdsResponseSchema } },
    },
    async (request) => thresholds.save(requireCurrentUser(request).id, request.body),
  );
}
