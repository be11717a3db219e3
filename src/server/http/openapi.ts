import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../shared/errors.ts';
import { isAdminOrDeveloper } from '../../shared/tiers.ts';
import type { Config } from '../config.ts';
import { notFound, unauthorized } from '../errors.ts';
import type { PreHandler } from './types.ts';

/**
 * The API described (issue 8): OpenAPI 3.1 generated from the same zod schemas the routes validate with,
 * at /api/openapi.json, and a readable reference at /api/docs. Every /api route appears, with its auth
 * requirement and the one error shape; open in development, staff only in production.
 */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** A route's auth requirement, as the guard sees it (app.ts knows which routes carry requireUser). */
export type IsGuarded = (method: string, url: string) => boolean;

const errorBody = apiErrorSchema.describe('The one error shape: a stable code for programs, a message for people.');
const ERROR_RESPONSES: Record<number, string> = {
  400: 'Invalid input (code VALIDATION or a specific one): nothing was changed',
  404: "Not found, or another user's resource (never 403, so ids cannot be probed)",
  429: 'Rate limited (code RATE_LIMITED); see the Retry-After header',
  500: 'Internal error (code INTERNAL)',
  503: 'The database is unavailable (code DATABASE_UNAVAILABLE); nothing was saved, try again',
};

const SIGNED_IN: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearer: [] }];

type RouteSchema = NonNullable<RouteOptions['schema']> & { response?: Record<string | number, unknown>; hide?: boolean; tags?: string[]; security?: unknown };

/** The first segment after /api names the area the route belongs to (drones, flight-logs, auth…). */
const tagOf = (url: string) => url.split('/')[2]?.replace(/^:.*/, '') || 'api';

export async function registerOpenApi(app: FastifyInstance, config: Config, requireUser: PreHandler, isGuarded: IsGuarded) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Drone Doctor API',
        version: '1',
        description:
          'Every call the web app makes. Sign in through the web app (session cookie) or send the session token as `Authorization: Bearer`. ' +
          'Lists that grow are paged: `?cursor=&limit=` (default 50, at most 200), answered with `nextCursor` (null on the last page). ' +
          'Every failure answers `{ message, code }`.',
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          bearer: { type: 'http', scheme: 'bearer', description: 'The session token' },
        },
      },
    },
    transform: (input) => {
      const { url, route } = input;
      if (!url.startsWith('/api/') || url.startsWith(DOCS_PATH) || url === OPENAPI_JSON_PATH) return { schema: { hide: true }, url };
      const schema: RouteSchema = { ...(input.schema as RouteSchema | undefined) };
      const response: Record<string | number, unknown> = { ...(schema.response ?? {}) };
      const methods = [route.method].flat();
      const guarded = methods.some((m) => isGuarded(m, route.url));
      for (const [status, description] of Object.entries(ERROR_RESPONSES)) response[status] ??= errorBody.describe(description);
      if (guarded) response[401] ??= errorBody.describe('Not signed in (code UNAUTHORIZED)');
      if (!Object.keys(response).some((s) => s.startsWith('2') || s.startsWith('3'))) response[200] = z.unknown().describe('See the route description');
      const described = {
        ...schema,
        response,
        tags: schema.tags ?? [tagOf(url)],
        security: guarded ? SIGNED_IN : [],
      };
      return jsonSchemaTransform({ ...input, schema: described as unknown as typeof input.schema });
    },
    transformObject: jsonSchemaTransformObject,
  });

  // Staff sign-in in production; open in development (config.isProduction decides, never the client).
  const guard = async (request: FastifyRequest, reply: Parameters<PreHandler>[1]) => {
    if (!config.isProduction) return;
    await requireUser(request, reply);
    const user = request.currentUser;
    if (!user) throw unauthorized();
    // Answer as if absent: the description of the API is not advertised to non-staff.
    if (!isAdminOrDeveloper(user) && !user.isStaffAccount) throw notFound('API description');
  };

  app.get(OPENAPI_JSON_PATH, { onRequest: guard, schema: { hide: true } }, async () => app.swagger());

  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    theme: { title: 'Drone Doctor API' },
    // Its hooks are callback-style.
    uiHooks: {
      onRequest: (request, reply, done) => {
        guard(request, reply).then(() => done(), done);
      },
    },
    // Our helmet policy already covers its pages (scripts from 'self', inline styles allowed); its own
    // static policy would add upgrade-insecure-requests even over plain http in development.
    staticCSP: false,
    transformSpecificationClone: true,
  });
}
