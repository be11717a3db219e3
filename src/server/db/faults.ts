/**
 * What a database failure may say about itself. A failing statement's parameters are user data (e-mail
 * addresses, messages): drizzle puts them in its error's message ("Failed query: … params: …"), and some
 * PostgreSQL messages quote a value. Only the statement's shape and the server's error code, constraint
 * and routine leave this file (issue 8: record the shape, never the values).
 */

/** PostgreSQL SQLSTATE classes and codes that mean "the connection is gone", not "the statement is wrong". */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'terminating connection',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
];
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']);

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  query?: unknown;
  constraint?: unknown;
  routine?: unknown;
  table?: unknown;
  column?: unknown;
  severity?: unknown;
}

const asErrorLike = (e: unknown): ErrorLike | null => (e !== null && typeof e === 'object' ? (e) : null);

/** The error and its causes, innermost last (drizzle wraps the driver's error as `cause`). */
function chain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  let current = asErrorLike(error);
  while (current && out.length < 8) {
    out.push(current);
    current = asErrorLike(current.cause);
  }
  return out;
}

/** True when the database could not be reached or dropped the connection mid-request (a 503, not a 500). */
export function isConnectionError(error: unknown): boolean {
  return chain(error).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_SQLSTATES.has(code) || code.startsWith('08') || CONNECTION_ERRNOS.has(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    return CONNECTION_MESSAGES.some((m) => message.includes(m));
  });
}

/** The SQLSTATE of a failed statement (23505 unique violation, …), wherever in the chain it is. */
export function sqlState(error: unknown): string | null {
  for (const e of chain(error)) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return null;
}

export function isDatabaseError(error: unknown): boolean {
  return chain(error).some((e) => typeof e.query === 'string' || (typeof e.severity === 'string' && typeof e.code === 'string'));
}

/**
 * A description of a database failure that is safe to log and store: the statement with its `$1`
 * placeholders, the SQLSTATE, constraint, table, column and routine. No message text of the server (it can
 * quote a value) and no parameters.
 */
export function safeDatabaseDescription(error: unknown): string {
  const parts: string[] = [];
  for (const e of chain(error)) {
    if (typeof e.query === 'string') parts.push(`statement: ${e.query.slice(0, 2000)}`);
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) parts.push(`sqlstate: ${e.code}`);
    for (const key of ['constraint', 'table', 'column', 'routine'] as const) {
      const value = e[key];
      if (typeof value === 'string') parts.push(`${key}: ${value}`);
    }
  }
  if (isConnectionError(error)) parts.push('connection: lost or unreachable');
  return parts.length > 0 ? `Database error (${parts.join('; ')})` : 'Database error';
}

/** The stack frames of an error without its message line(s), which may hold values. */
export function framesOnly(stack: string | undefined): string | null {
  if (!stack) return null;
  const at = stack.indexOf('\n    at ');
  return at >= 0 ? stack.slice(at + 1) : null;
}
