import { bugReportRequestSchema, createdSchema, feedbackRequestSchema, helpRequestSchema } from '../../../shared/support.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { requireCurrentUser } from '../auth/current-user.ts';
import { createSupportService } from './service.ts';

export function supportRoutes(app: App, deps: AppDeps) {
  const support = createSupportService(deps.db);
  const guard = { onRequest: deps.requireUser, config: deps.limits.writes };

  app.post('/api/feedback', { ...guard, schema: { body: feedbackRequestSchema, response: { 201: createdSchema } } }, async (request, reply) => {
    const { id } = await support.submitFeedback(requireCurrentUser(request), request.body);
    return reply.status(201).send({ id, message: 'Feedback submitted' });
  });

  app.post('/api/bug-report', { ...guard, schema: { body: bugReportRequestSchema, response: { 201: createdSchema } } }, async (request, reply) => {
    const { id } = await support.submitBugReport(requireCurrentUser(request), request.body);
    return reply.status(201).send({ id, message: 'Bug report submitted' });
  });

  app.post('/api/help-request', { ...guard, schema: { body: helpRequestSchema, response: { 201: createdSchema } } }, async (request, reply) => {
    const { id } = await support.submitHelpRequest(requireCurrentUser(request), request.body);
    return reply.status(201).send({ id, message: 'Help request sent' });
  });
}
