import { createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { BetterAuthPlugin } from 'better-auth';
import { devLoginSchema } from '../../../shared/auth.ts';
import type { Tier } from '../../../shared/tiers.ts';

/**
 * AUTH_DEV_LOGIN's sign-in (issue 2): any e-mail, a chosen tier. It is a better-auth endpoint so the
 * session and cookie are made by the same code as every real sign-in. Only registered when enabled.
 */
export function devLoginPlugin(onSignedIn: (user: { id: string; email: string }, tier: Tier | undefined) => Promise<void>) {
  return {
    id: 'dev-login',
    endpoints: {
      devLogin: createAuthEndpoint(
        '/dev/login',
        { method: 'POST', body: devLoginSchema },
        async (ctx) => {
          const email = ctx.body.email.toLowerCase();
          const found = await ctx.context.internalAdapter.findUserByEmail(email);
          const user =
            found?.user ??
            (await ctx.context.internalAdapter.createUser(
              { email, name: email.split('@')[0] ?? email, emailVerified: true },
              { method: 'dev-login' },
            ));
          await onSignedIn({ id: user.id, email }, ctx.body.tier);
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ id: user.id, email: user.email });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
