import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once. `@fastify/helmet` rebuilt the whole helmet middleware on every
 * request (parsing the CSP directives and dashing their names each time): 11–14% of a signed-in GET's CPU
 * in the bench profile (ADR 0016). Our policy has no per-request part (no nonces, no per-route
 * options), so the same headers are computed at start by running helmet itself once, and set as they are.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const failures: Error[] = [];
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) failures.push(error instanceof Error ? error : new Error('helmet refused the security header options'));
  });
  if (failures[0]) throw failures[0];
  return headers;
}

/** Sets the headers on every reply (API, static files, errors), before any handler runs, as helmet did. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
