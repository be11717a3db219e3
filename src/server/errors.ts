/** The one error type of the server (DESIGN §3): a stable code for programs, a message for people. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown> | undefined;

  constructor(status: number, code: string, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

export const unauthorized = (message = 'Unauthorized') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError(403, 'FORBIDDEN', message);
/** Another user's resource answers 404, never 403, so ids cannot be probed (DESIGN §3). */
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
/** A path nothing serves (the same body whether Fastify, better-auth or a disabled route is behind it). */
export const routeNotFound = (method: string, url: string) => new AppError(404, 'NOT_FOUND', `Not found: ${method} ${url.split('?')[0] ?? url}`);
export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
