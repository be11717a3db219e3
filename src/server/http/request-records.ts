import type { FastifyInstance } from 'fastify';
import type { RecordsService } from '../modules/records/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The message of a failing JSON reply, captured on its way out for the error log. */
    errorMessage: string | null;
  }
}

/** Longer bodies are not error messages (and are not parsed just to find one). */
const MAX_ERROR_BODY = 16 * 1024;

function messageOf(payload: unknown): string | null {
  // Our own errors arrive as strings; better-auth's (through the web bridge) as Buffers.
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) && payload.length <= MAX_ERROR_BODY ? payload.toString('utf8') : null;
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
  } catch {
    return text.slice(0, 200);
  }
  return null;
}

/** Every response with status >= 400 writes an error_logs row; never bodies, cookies or secrets. */
export function registerRequestRecords(app: FastifyInstance, records: RecordsService) {
  app.decorateRequest('errorMessage', null);

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) request.errorMessage = messageOf(payload);
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 400) return;
    const user = request.currentUser;
    await records.logError({
      method: request.method,
      endpoint: request.url,
      statusCode: reply.statusCode,
      errorMessage: request.errorMessage ?? `HTTP ${reply.statusCode}`,
      errorStack: reply.statusCode >= 500 ? request.errorStack : null,
      userId: user?.id ?? null,
      userTier: user?.tier ?? null,
      ipAddress: request.ip,
    }, { route: request.routeOptions.url ?? null });
  });
}
