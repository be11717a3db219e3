import { z } from 'zod';
import { queryRecordsSchema, queryRequestSchema, queryResponseSchema, resetConversationSchema } from '../../../shared/assistant.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { createGroundedAnswerer } from '../../providers/llm/grounded-answer.ts';
import { requireCurrentUser } from '../auth/current-user.ts';
import { createAssistantService } from './service.ts';

/** POST /api/query, POST /api/reset-conversation, GET /api/queries (spec doc 1 §7). */
export function assistantRoutes(app: App, deps: AppDeps) {
  const assistant = createAssistantService(deps.db, {
    llm: deps.config.llm ? createGroundedAnswerer(deps.config.llm) : null,
    log: app.log,
  });
  const guard = { onRequest: deps.requireUser, config: deps.limits.writes };

  app.post('/api/query', { ...guard, schema: { body: queryRequestSchema, response: { 200: queryResponseSchema } } }, async (request) =>
    assistant.ask(requireCurrentUser(request), request.body),
  );

  app.post(
    '/api/reset-conversation',
    { ...guard, schema: { body: resetConversationSchema, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await assistant.resetConversation(requireCurrentUser(request), request.body.userId);
      return { ok: true as const };
    },
  );

  app.get('/api/queries', { onRequest: deps.requireUser, schema: { response: { 200: queryRecordsSchema } } }, async (request) =>
    assistant.history(requireCurrentUser(request)),
  );

  return assistant;
}
