import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

interface Operation {
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  tags?: string[];
}
interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** Fastify's `/api/drones/:id` and `/api/auth/*` as OpenAPI writes them. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

let dev: TestApp;
beforeAll(async () => {
  dev = await createTestApp();
});
afterAll(async () => dev.close());

describe('in development', () => {
  let doc: OpenApiDoc;
  beforeAll(async () => {
    const res = await dev.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode, res.body).toBe(200);
    doc = res.json<OpenApiDoc>();
  });

  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('describes every /api route the app serves (a route missing from it fails here)', () => {
    const apiRoutes = dev.allRoutes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json');
    // The product's own routes are among them, so this cannot pass on an empty list.
    expect(apiRoutes.length).toBeGreaterThan(40);
    const missing = apiRoutes.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('gives each route its auth requirement and the one error shape', () => {
    const guarded = new Set(dev.guardedRoutes.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    expect(guarded.size).toBeGreaterThan(20);
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const key = `${method} ${path}`;
        if (guarded.has(key)) {
          expect(op.security, key).toEqual([{ sessionCookie: [] }, { bearer: [] }]);
          expect(op.responses['401'], key).toBeDefined();
        } else {
          expect(op.security, key).toEqual([]);
        }
        for (const status of ['400', '404', '429', '500', '503']) {
          const schema = op.responses[status]?.content?.['application/json']?.schema as { properties?: Record<string, unknown>; required?: string[] } | undefined;
          expect(schema?.properties, `${key} ${status}`).toHaveProperty('message');
          expect(schema?.required, `${key} ${status}`).toEqual(expect.arrayContaining(['message', 'code']));
        }
      }
    }
  });

  it('carries the request and response schemas of the zod contract', () => {
    const create = doc.paths['/api/drones']?.post;
    const body = (create as unknown as { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }).requestBody;
    expect(Object.keys(body.content['application/json']!.schema.properties)).toEqual(expect.arrayContaining(['serialNumber', 'manufacturer', 'model']));
    expect(create?.responses['201']).toBeDefined();
  });

  it('serves a readable reference at /api/docs', async () => {
    const res = await dev.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', ADMIN_EMAILS: 'docs-admin@example.com' }, {}, { database: dev.database });
  });
  afterAll(async () => prod.close());

  it('needs a staff sign-in: signed out 401, a pilot 404, staff 200', async () => {
    // NODE_ENV=production has no developer sign-in: users are made through the development app.
    const pilot = await createUser(dev, 'docs-pilot', 'pro');
    const admin = await createUser(dev, 'docs-admin', 'admin');
    for (const url of ['/api/openapi.json', '/api/docs/', '/api/docs/json']) {
      expect((await prod.app.inject({ url })).statusCode, url).toBe(401);
      expect((await prod.app.inject({ url, headers: { authorization: `Bearer ${pilot.token}`, origin: TEST_ORIGIN } })).statusCode, url).toBe(404);
      expect((await prod.app.inject({ url, headers: { authorization: `Bearer ${admin.token}`, origin: TEST_ORIGIN } })).statusCode, url).toBe(200);
    }
  });
});
