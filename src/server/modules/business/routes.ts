import {
  acceptResponseSchema,
  businessProfileSchema,
  idParamsSchema,
  invitationPreviewSchema,
  invitationSentSchema,
  inviteInputSchema,
  okResponseSchema,
  pendingInvitationListSchema,
  pilotListSchema,
  profileInputSchema,
  setupInputSchema,
  setupResponseSchema,
  tokenInputSchema,
} from '../../../shared/business.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { requireCurrentUser } from '../auth/current-user.ts';
import { seatBillingFor } from '../billing/seats.ts';
import { createBusinessService } from './service.ts';

/** Business profile, pilots and invitations (doc 2 §7). */
export function businessRoutes(app: App, deps: AppDeps) {
  const business = createBusinessService({
    db: deps.db,
    changes: deps.changes,
    mail: deps.mail,
    publicUrl: deps.config.publicUrl,
    log: (msg, err) => app.log.error({ err }, msg),
    seats: seatBillingFor({ db: deps.db, config: deps.config, log: (msg, err) => app.log.error({ err }, msg) }),
  });
  const read = { onRequest: deps.requireUser };
  const write = { onRequest: deps.requireUser, config: deps.limits.writes };

  app.get('/api/business-profile/current', { ...read, schema: { response: { 200: businessProfileSchema } } }, async (request) =>
    business.current(requireCurrentUser(request)),
  );

  app.post('/api/business-profile/setup', { ...write, schema: { body: setupInputSchema, response: { 200: setupResponseSchema } } }, async (request) =>
    business.setup(requireCurrentUser(request), request.body),
  );

  app.post('/api/business-profile/update', { ...write, schema: { body: profileInputSchema, response: { 200: businessProfileSchema } } }, async (request) =>
    business.update(requireCurrentUser(request), request.body),
  );

  app.get('/api/pilots', { ...read, schema: { response: { 200: pilotListSchema } } }, async (request) => business.listPilots(requireCurrentUser(request)));

  app.get('/api/pilot-invitations/pending', { ...read, schema: { response: { 200: pendingInvitationListSchema } } }, async (request) =>
    business.listPending(requireCurrentUser(request)),
  );

  app.post('/api/pilots/invite', { ...write, schema: { body: inviteInputSchema, response: { 201: invitationSentSchema } } }, async (request, reply) => {
    const sent = await business.invite(requireCurrentUser(request), request.body.email);
    return reply.status(201).send(sent);
  });

  app.delete('/api/pilot-invitations/:id', { ...write, schema: { params: idParamsSchema, response: { 200: okResponseSchema } } }, async (request) =>
    business.cancel(requireCurrentUser(request), request.params.id),
  );

  app.delete('/api/pilots/:id', { ...write, schema: { params: idParamsSchema, response: { 200: okResponseSchema } } }, async (request) =>
    business.removePilot(requireCurrentUser(request), request.params.id),
  );

  // Signed out too: the acceptance page shows whose invitation it is before asking the person to sign in.
  app.post(
    '/api/pilot-invitations/lookup',
    { config: deps.limits.signIn, schema: { body: tokenInputSchema, response: { 200: invitationPreviewSchema } } },
    async (request) => business.preview(request.body.token),
  );

  app.post('/api/pilots/accept-invitation', { ...write, schema: { body: tokenInputSchema, response: { 200: acceptResponseSchema } } }, async (request) =>
    business.accept(requireCurrentUser(request), request.body.token),
  );
}
