import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * PostgreSQL text cannot hold a NUL character: a `\u0000` anywhere in a JSON string used to reach the
 * database and answer 500. One check for every route (ours and better-auth's bridge), before validation,
 * refuses it with 400 VALIDATION naming the field, so no route has to remember it.
 */
const NUL = '\u0000';
const MAX_DEPTH = 32;

/** The path of the first string (or key) holding a NUL, like `flights.2.notes`; null when there is none. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path || 'value' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, inner] of entries) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return here;
    const found = findNul(inner, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** A raw text body (better-auth reads its own): parsed when it is JSON, so the field can be named. */
function findNulInText(text: string): string | null {
  // The escape `\u0000` in JSON text, or the character itself.
  if (!text.includes(NUL) && !/\\u0000/i.test(text)) return null;
  try {
    return findNul(JSON.parse(text)) ?? 'body';
  } catch {
    return 'body';
  }
}

export const nulRefused = (field: string) => new AppError(400, 'VALIDATION', `${field}: must not contain a NUL character (\\u0000)`);

export function registerInputHygiene(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
    ];
    for (const [, value] of parts) {
      const field = findNul(value);
      if (field !== null) throw nulRefused(field);
    }
    const body = request.body;
    const field = typeof body === 'string' ? findNulInText(body) : findNul(body);
    if (field !== null) throw nulRefused(field);
  });
}
