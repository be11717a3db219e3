import { droneDeleteResponseSchema, droneIdParamsSchema, droneInputSchema, droneListSchema, droneSchema } from '../../../shared/drones.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { requireCurrentUser } from '../auth/current-user.ts';
import { createDronesService } from './service.ts';

/** The drone registry (doc 2 §7). */
export function droneRoutes(app: App, deps: AppDeps) {
  const drones = createDronesService(deps.db);
  const read = { onRequest: deps.requireUser };
  const write = { onRequest: deps.requireUser, config: deps.limits.writes };

  app.get('/api/drones', { ...read, schema: { response: { 200: droneListSchema } } }, async (request) => drones.list(requireCurrentUser(request).id));

  app.post('/api/drones', { ...write, schema: { body: droneInputSchema, response: { 201: droneSchema } } }, async (request, reply) => {
    const drone = await drones.create(requireCurrentUser(request), request.body);
    return reply.status(201).send(drone);
  });

  app.put('/api/drones/:id', { ...write, schema: { params: droneIdParamsSchema, body: droneInputSchema, response: { 200: droneSchema } } }, async (request) =>
    drones.update(requireCurrentUser(request), request.params.id, request.body),
  );

  app.delete('/api/drones/:id', { ...write, schema: { params: droneIdParamsSchema, response: { 200: droneDeleteResponseSchema } } }, async (request) =>
    drones.remove(requireCurrentUser(request), request.params.id),
  );

  // The profile tab calls /set-primary and the drones page /primary (doc 2 §7): one handler serves both.
  const setPrimary = { ...write, schema: { params: droneIdParamsSchema, response: { 200: droneSchema } } };
  for (const path of ['/api/drones/:id/set-primary', '/api/drones/:id/primary']) {
    app.post(path, setPrimary, async (request) => drones.setPrimary(requireCurrentUser(request), request.params.id));
  }
}
