import { buildApp, type AppInstance } from '../../src/server/app.ts';
import type { AppDeps } from '../../src/server/http/types.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Tier } from '../../src/shared/tiers.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

export const TEST_ORIGIN = 'http://localhost:5000';

export interface TestAppOptions {
  /**
   * Another test app's database, so a file that needs several configurations opens one database
   * (PGlite takes seconds to start). This app does not close it.
   */
  database?: TestDatabase;
  /** Runs before ready(): routes a test needs on top of the product's (e.g. one that throws). */
  beforeReady?: (app: AppInstance, deps: AppDeps) => void;
}

/** The real app on a fresh real database, configured like a local demo (dev sign-in on, logs off). */
export async function createTestApp(env: Record<string, string> = {}, overrides: Partial<Config> = {}, options: TestAppOptions = {}) {
  const database = options.database ?? (await openTestDatabase());
  const config = loadConfig(
    { AUTH_DEV_LOGIN: '1', LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN, RATE_LIMIT_SIGN_IN: '0', RATE_LIMIT_WRITES: '0', ...env },
    { authSecret: 'test-secret-test-secret-test-secret-0123', ...overrides },
  );
  const built = await buildApp(config, { database });
  options.beforeReady?.(built.app, built.deps);
  await built.app.ready();

  /** Signs a user in through POST /api/dev/login and returns the Cookie header to send. */
  async function signIn(email: string, tier?: Tier): Promise<{ cookie: string; userId: string; token: string }> {
    const res = await built.app.inject({ method: 'POST', url: '/api/dev/login', payload: tier ? { email, tier } : { email } });
    if (res.statusCode !== 200) throw new Error(`dev login failed: ${res.statusCode} ${res.body}`);
    const setCookie = res.cookies.find((c) => c.name.endsWith('better-auth.session_token'));
    if (!setCookie) throw new Error('dev login set no session cookie');
    const { id } = res.json<{ id: string }>();
    return { cookie: `${setCookie.name}=${setCookie.value}`, userId: id, token: decodeURIComponent(setCookie.value).split('.')[0]! };
  }

  return {
    ...built,
    database,
    db: database.db,
    config,
    signIn,
    async close() {
      await built.app.close();
      if (!options.database) await database.dispose();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
