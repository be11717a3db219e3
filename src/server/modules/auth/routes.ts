import { z } from 'zod';
import { userSchema } from '../../../shared/account.ts';
import { devLoginSchema, loginQuerySchema, PROVIDER_LABELS, providersResponseSchema, updateUserBodySchema } from '../../../shared/auth.ts';
import { AppError, routeNotFound } from '../../errors.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { requireCurrentUser, toUserView } from './current-user.ts';
import { configuredProviders, defaultLoginTarget } from './providers.ts';
import { copyCookies, sendWebResponse, toHeaders, toWebRequest } from './web-bridge.ts';

export const PROVIDER_PAGE = '/login/providers';

/** better-auth's routes whose JSON body we check first (their own checks let bad types reach the database). */
const AUTH_BODY_SCHEMAS: Record<string, z.ZodType> = { '/api/auth/update-user': updateUserBodySchema };

function checkAuthBody(url: string, body: unknown) {
  const schema = AUTH_BODY_SCHEMAS[url.split('?')[0] ?? ''];
  if (!schema) return;
  let parsed: unknown;
  try {
    parsed = typeof body === 'string' && body.trim() !== '' ? JSON.parse(body) : {};
  } catch {
    throw new AppError(400, 'VALIDATION', 'The request body is not valid JSON');
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const message = result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
    throw new AppError(400, 'VALIDATION', message);
  }
}

/**
 * Whether a navigation came from another site. Browsers say so in Sec-Fetch-Site ('none' is the address
 * bar or a bookmark); older ones are judged by Origin or Referer, and a request naming neither is taken as typed.
 */
export function isCrossSite(headers: Record<string, string | string[] | undefined>, publicUrl: string): boolean {
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const own = new URL(publicUrl).origin;
  for (const name of ['origin', 'referer'] as const) {
    const value = headers[name];
    if (typeof value !== 'string' || value === '') continue;
    try {
      return new URL(value).origin !== own;
    } catch {
      return true;
    }
  }
  return false;
}

const isEmptyBody = (text: string) => text.trim() === '' || text.trim() === 'null';

export function authRoutes(app: App, deps: AppDeps) {
  const { auth, config } = deps;

  // better-auth's own endpoints (social callbacks, magic link, verification): it reads the raw body.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      config: deps.limits.signIn,
      schema: {
        summary: "better-auth's own endpoints",
        description: 'Magic-link sign-in and verification, OAuth callbacks, sessions, sign-out and update-user (name, image), as better-auth serves them under /api/auth.',
      },
      handler: async (request, reply) => {
        checkAuthBody(request.url, request.body);
        const response = await auth.handler(toWebRequest(request, config.publicUrl));
        // better-auth answers a path it does not serve with a 404 whose body is `null`; every /api path
        // that does not exist answers the one error shape instead.
        if (response.status === 404 && isEmptyBody(await response.clone().text())) throw routeNotFound(request.method, request.url);
        return sendWebResponse(reply, response);
      },
    });
  });

  app.get(
    '/api/auth/user',
    { onRequest: deps.requireUser, schema: { response: { 200: userSchema } } },
    async (request) => toUserView(requireCurrentUser(request)),
  );

  app.get('/api/login/providers', { schema: { response: { 200: providersResponseSchema } } }, async () => ({
    providers: configuredProviders(config),
    devLogin: config.devLogin,
  }));

  app.get('/api/login', { schema: { querystring: loginQuerySchema }, config: deps.limits.signIn }, async (request, reply) => {
    const providers = configuredProviders(config);
    const wanted = request.query.provider ?? defaultLoginTarget(providers);
    if (wanted === 'page' || wanted === 'email') return reply.redirect(wanted === 'email' ? `${PROVIDER_PAGE}#email` : PROVIDER_PAGE);
    if (!providers.some((p) => p.id === wanted)) {
      throw new AppError(400, 'PROVIDER_NOT_CONFIGURED', `Sign-in with ${PROVIDER_LABELS[wanted]} is not configured on this server.`);
    }
    const response = await auth.api.signInSocial({
      body: { provider: wanted, callbackURL: '/', errorCallbackURL: PROVIDER_PAGE, newUserCallbackURL: '/' },
      headers: toHeaders(request),
      asResponse: true,
    });
    const data = (await response.json()) as { url?: string; message?: string };
    if (!response.ok || !data.url) {
      throw new AppError(502, 'SIGN_IN_UNAVAILABLE', data.message ?? 'The sign-in provider could not be reached. Please try again.');
    }
    copyCookies(reply, response);
    return reply.redirect(data.url);
  });

  // The spec navigates to GET /api/logout from our own pages. A link on another site must not sign the
  // user out (SameSite=Lax cookies ride along on top-level navigations): such a request goes home instead.
  app.get('/api/logout', async (request, reply) => {
    if (isCrossSite(request.headers, config.publicUrl)) return reply.redirect('/');
    const response = await auth.api.signOut({ headers: toHeaders(request), asResponse: true });
    copyCookies(reply, response);
    return reply.redirect('/login');
  });

  // Absent, not forbidden, when off: not registered at all, so it cannot even be discovered in production.
  if (config.devLogin) devLoginRoute(app, deps);
}

function devLoginRoute(app: App, deps: AppDeps) {
  const { auth, config } = deps;
  app.post(
    '/api/dev/login',
    { schema: { body: devLoginSchema, response: { 200: z.object({ id: z.string(), email: z.string() }) } }, config: deps.limits.signIn },
    async (request, reply) => {
      const forwarded = new Request(`${config.publicUrl}/api/auth/dev/login`, {
        method: 'POST',
        headers: { ...Object.fromEntries(toHeaders(request)), 'content-type': 'application/json' },
        body: JSON.stringify(request.body),
      });
      return sendWebResponse(reply, await auth.handler(forwarded));
    },
  );
}
