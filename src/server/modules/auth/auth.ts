import { betterAuth, type BetterAuthPlugin } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth, magicLink } from 'better-auth/plugins';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';
import type { MailProvider } from '../../providers/mail/mail-provider.ts';
import type { Tier } from '../../../shared/tiers.ts';
import { devLoginPlugin } from './dev-login-plugin.ts';
import { raceSafeUserCreation } from './race-safe-adapter.ts';
import { isConnectionError, isDatabaseError, safeDatabaseDescription } from '../../db/faults.ts';
import { magicLinkMail, verificationMail } from './mails.ts';

export interface AuthHooks {
  /** After a user row is created, by any sign-in path. */
  onUserCreated: (user: { id: string; email: string; name: string; image?: string | null; emailVerified: boolean }) => Promise<void>;
  /** After any session is created: a sign-in. */
  onSignIn: (userId: string) => Promise<void>;
  /** The developer sign-in's chosen tier. */
  onDevLogin: (user: { id: string; email: string }, tier: Tier | undefined) => Promise<void>;
  /** After a user's profile changed or one of their sessions was extended or ended (ADR 0016: the access cache). */
  onAccessChanged: (userId: string) => Promise<void>;
}

export function createAuth(config: Config, db: Db, mail: MailProvider, hooks: AuthHooks) {
  const plugins: BetterAuthPlugin[] = [
    bearer(),
    magicLink({
      expiresIn: 15 * 60,
      sendMagicLink: async ({ email, url }) => mail.send(magicLinkMail(email, url)),
    }),
  ];
  if (config.oidc) {
    plugins.push(
      genericOAuth({
        config: [
          {
            providerId: 'oidc',
            name: config.oidc.name,
            discoveryUrl: `${config.oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
            clientId: config.oidc.clientId,
            clientSecret: config.oidc.clientSecret,
            scopes: ['openid', 'email', 'profile'],
            pkce: true,
          },
        ],
      }),
    );
  }
  if (config.devLogin) plugins.push(devLoginPlugin(hooks.onDevLogin));

  const { google, github, apple, twitter } = config.social;
  return betterAuth({
    appName: 'Drone Doctor',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: raceSafeUserCreation(
      drizzleAdapter(db, {
        provider: 'pg',
        schema: { user: users, session: sessions, account: accounts, verification: verifications },
      }),
    ),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: false },
        lastName: { type: 'string', required: false, input: false },
        isPilot: { type: 'boolean', required: false, defaultValue: false, input: false },
        administratorBusinessId: { type: 'string', required: false, input: false },
      },
    },
    // No session-data cookie (ADR 0016, replacing 0013): signed-in requests are served from the
    // per-process access cache, which a revocation clears at once; better-auth's own endpoints read the
    // session row, and a browser still holding the old cookie has it cleared.
    session: { expiresIn: SESSION_EXPIRES_IN_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS, cookieCache: { enabled: false } },
    emailVerification: {
      sendVerificationEmail: async ({ user, url }) => mail.send(verificationMail(user.email, url)),
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['oidc', 'google', 'github', 'apple', 'email-password'] } },
    socialProviders: {
      ...(google ? { google } : {}),
      ...(github ? { github } : {}),
      ...(apple ? { apple } : {}),
      ...(twitter ? { twitter } : {}),
    },
    plugins,
    // Our own limits (@fastify/rate-limit) cover sign-in; better-auth's in-memory one would not be shared by N processes.
    rateLimit: { enabled: false },
    advanced: {
      // better-auth turns its origin and callback-URL checks off by itself when NODE_ENV=test or TEST is
      // set; they stay on everywhere, so tests exercise what production runs (no open redirect through
      // a magic link's callbackURL, no cross-site sign-in with cookies).
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isProduction },
      database: { generateId: () => crypto.randomUUID() },
    },
    // better-auth runs these after its transaction commits.
    databaseHooks: {
      user: {
        create: { after: async (user) => hooks.onUserCreated(user) },
        update: { after: async (user) => hooks.onAccessChanged(user.id) },
        delete: { after: async (user) => hooks.onAccessChanged(user.id) },
      },
      session: {
        create: { after: async (session) => hooks.onSignIn(session.userId) },
        update: { after: async (session) => hooks.onAccessChanged(session.userId) },
        delete: { after: async (session) => hooks.onAccessChanged(session.userId) },
      },
    },
    // better-auth logs a failing statement with drizzle's message, parameters included: its lines go
    // through the same redaction as ours (ADR 0015).
    logger: config.logLevel === 'silent' ? { disabled: true } : { level: 'warn', log: logAuthLine },
  });
}

export type Auth = ReturnType<typeof createAuth>;

function logAuthLine(level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) {
  const safe = args.map((a) => (isDatabaseError(a) || isConnectionError(a) ? safeDatabaseDescription(a) : a instanceof Error ? `${a.name}: ${a.message.split('\n')[0]}` : a));
  const text = isDatabaseError(message) ? safeDatabaseDescription(message) : message.replace(/\nparams: [\s\S]*$/, '');
  (level === 'error' ? console.error : console.warn)(`better-auth ${level}: ${text}`, ...safe);
}

/** A session lasts 30 days and is extended when a request comes more than a day after the last extension. */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
