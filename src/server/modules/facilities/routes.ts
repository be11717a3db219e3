import {
  facilityBoxQuerySchema,
  facilityCeilingQuerySchema,
  facilityCeilingSchema,
  facilityDetailSchema,
  facilityIdParamsSchema,
  facilityPageSchema,
  facilityRadiusQuerySchema,
  facilitySearchQuerySchema,
  facilityStatusSchema,
} from '../../../shared/facilities.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { createFacilitiesService } from './service.ts';

/** UAS facilities (doc 3 §2.3, §7; DESIGN §4), open to every signed-in user with no role (doc 3 §6). */
export function facilityRoutes(app: App, deps: AppDeps) {
  const facilities = createFacilitiesService(deps.db, {
    ...deps.config.facilities,
    logFailure: (source, message) => app.log.warn({ source }, `Facility source failed: ${message}`),
    singleConnection: deps.dbKind === 'pglite',
  });
  const read = { onRequest: deps.requireUser };

  // A listening server starts the first-start load at once, in the background, so start-up is not held
  // up by it; a request that comes before it ends waits for it (tests, which never listen, load on first use).
  app.addHook('onListen', async () => {
    facilities.ensureLoaded().then(
      (r) => r.loaded.length > 0 && app.log.info({ facilities: r }, `Facilities loaded in ${r.ms} ms`),
      (err: unknown) => app.log.error({ err }, 'Facilities load failed; the next request retries it'),
    );
  });
  app.addHook('onClose', async () => {
    await facilities.inFlight()?.catch(() => undefined);
  });

  app.get('/api/facilities', { ...read, schema: { querystring: facilityRadiusQuerySchema, response: { 200: facilityPageSchema } } }, async (request) => facilities.withinRadius(request.query));
  app.get('/api/facilities/area', { ...read, schema: { querystring: facilityBoxQuerySchema, response: { 200: facilityPageSchema } } }, async (request) => facilities.withinBox(request.query));
  app.get('/api/facilities/search', { ...read, schema: { querystring: facilitySearchQuerySchema, response: { 200: facilityPageSchema } } }, async (request) => facilities.search(request.query));
  app.get('/api/facilities/ceiling', { ...read, schema: { querystring: facilityCeilingQuerySchema, response: { 200: facilityCeilingSchema } } }, async (request) =>
    facilities.ceiling(request.query.lat, request.query.lon),
  );
  app.get('/api/facilities/status', { ...read, schema: { response: { 200: facilityStatusSchema } } }, async () => facilities.status());
  app.get('/api/facilities/:id', { ...read, schema: { params: facilityIdParamsSchema, response: { 200: facilityDetailSchema } } }, async (request) => facilities.get(request.params.id));

  return facilities;
}
