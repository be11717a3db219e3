import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../shared/errors.ts';
import { isConnectionError, isDatabaseError, framesOnly, safeDatabaseDescription } from '../db/faults.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The stack of a 5xx, kept for the error log. */
    errorStack: string | null;
  }
}

/** "body.feedbackType: message" → "feedbackType: message"; the whole body → its message alone. */
function describeValidation(error: { validation: { instancePath: string; message?: string }[]; validationContext?: string }) {
  return error.validation
    .map((v) => {
      const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = v.message ?? 'is invalid';
      // Some contracts already name their field in the message ("radius: must be…"): never say it twice.
      if (!field || message.startsWith(`${field}:`)) return message;
      return `${field}: ${message}`;
    })
    .join('; ');
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Nothing was saved; please try again in a moment.';

/** One error handler maps every failure to `{ message, code }` with the right status (DESIGN §3). */
export function registerErrorHandler(app: FastifyInstance) {
  app.decorateRequest('errorStack', null);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ApiErrorBody & Record<string, unknown> = { message: 'Internal server error', code: 'INTERNAL' };

    if (error instanceof AppError) {
      status = error.status;
      body = { ...error.extra, message: error.message, code: error.code };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = { message: describeValidation(error), code: 'VALIDATION' };
    } else if (isResponseSerializationError(error)) {
      status = 500;
    } else if (isConnectionError(error)) {
      // The database dropped the connection or cannot be reached: the transaction is gone (rolled back
      // by the server), nothing was written, and the next request gets a fresh connection.
      status = 503;
      body = { message: DATABASE_UNAVAILABLE_MESSAGE, code: 'DATABASE_UNAVAILABLE' };
      void reply.header('retry-after', '1');
    } else if (error.statusCode === 429) {
      status = 429;
      body = { message: error.message, code: 'RATE_LIMITED' };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type, rate limit.
      status = error.statusCode;
      body = { message: error.message, code: error.code ?? 'BAD_REQUEST' };
    }

    if (status >= 500) {
      if (isDatabaseError(error) || isConnectionError(error)) {
        // The statement's shape and the server's codes; never its parameters or quoted values.
        const description = safeDatabaseDescription(error);
        const frames = framesOnly(error.stack);
        request.errorStack = frames ? `${description}\n${frames}` : description;
        request.log.error({ database: description, stack: frames }, 'request failed');
      } else {
        request.errorStack = error.stack ?? null;
        request.log.error({ err: error }, 'request failed');
      }
    }
    return reply.status(status).send(body);
  });

}
