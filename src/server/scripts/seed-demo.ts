/**
 * `npm run seed:demo`: one demo user of every tier in the configured database (DATA_DIR or
 * DATABASE_URL, read like main.ts does). Users are made by the real sign-in code: the app is built and
 * each one signs in through POST /api/dev/login with its tier, then signs out again. The developer
 * sign-in is switched on for this process only; the server you start later decides for itself.
 * Running it again changes nothing but the tiers, which it sets back to the demo ones.
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { users } from '../db/schema/index.ts';
import { TIERS, type Tier } from '../../shared/tiers.ts';

export const DEMO_DOMAIN = 'demo.drone-doctor.local';
export const demoEmail = (tier: Tier) => `${tier}@${DEMO_DOMAIN}`;

const SESSION_COOKIE = 'better-auth.session_token';

if (process.env.NODE_ENV === 'production') {
  console.error('seed:demo makes demo accounts for local use; it refuses to run with NODE_ENV=production.');
  process.exit(1);
}

const config = loadConfig(
  { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', RATE_LIMIT_SIGN_IN: '0', RATE_LIMIT_WRITES: '0' },
  { devLogin: true, webRoot: null },
);

/** PGlite's data folder can be opened by one process at a time: a running server must be stopped first. */
async function serverAnswers(): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/api/login/providers`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

if (!config.databaseUrl) {
  const stop =
    `The embedded PGlite database in ${config.dataDir} can only be opened by one process at a time: ` +
    'stop the server (Ctrl-C), run "npm run seed:demo", then start it again.';
  if (await serverAnswers()) {
    console.error(`A Drone Doctor server is answering on port ${config.port}. ${stop}`);
    process.exit(1);
  }
  // A server on another port holds the folder's lock: buildApp below refuses with its PID.
}

const built = await buildApp(config).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
const { app, database } = built;
const where = database.kind === 'pglite' ? `the embedded PGlite database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
const seeded: { tier: Tier; email: string; created: boolean }[] = [];

try {
  await app.ready();
  for (const tier of TIERS) {
    const email = demoEmail(tier);
    const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    const signIn = await app.inject({ method: 'POST', url: '/api/dev/login', payload: { email, tier } });
    if (signIn.statusCode !== 200) throw new Error(`Could not seed ${email}: ${signIn.statusCode} ${signIn.body}`);
    const cookie = signIn.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!cookie) throw new Error(`Signing in ${email} set no session cookie.`);
    const headers = { cookie: `${cookie.name}=${cookie.value}` };

    const { originalTier } = (await app.inject({ url: '/api/user/tier', headers })).json<{ originalTier: Tier }>();
    if (originalTier !== tier) throw new Error(`${email} has tier ${originalTier}, expected ${tier}.`);
    // The seeding session is not needed afterwards: sign out through the real route, which deletes it.
    await app.inject({ url: '/api/logout', headers });
    seeded.push({ tier, email, created: existing === undefined });
  }
} finally {
  await app.close();
}

const width = Math.max(...seeded.map((s) => s.email.length));
console.log(`Demo users in ${where}:\n`);
for (const s of seeded) console.log(`  ${s.email.padEnd(width)}  ${s.tier.padEnd(12)} ${s.created ? 'created' : 'already there'}`);
console.log(`
How to sign in as one of them:
  - Developer sign-in: start with AUTH_DEV_LOGIN=1 npm start, open http://localhost:${config.port}/login/providers,
    enter the e-mail above and pick the same tier (the developer sign-in sets the tier you pick).
  - E-mail link: on /login/providers choose Email and enter the address; the server's console prints the
    sign-in link (the outbox; no mail is sent unless SMTP_URL is set). This keeps the seeded tier.
Staff tiers given here stay until changed; ADMIN_EMAILS, SUPER_ADMIN_EMAILS and DEVELOPER_EMAILS apply at each sign-in.`);
