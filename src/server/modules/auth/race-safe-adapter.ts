import type { BetterAuthOptions } from 'better-auth';
import type { DBAdapter } from '@better-auth/core/db/adapter';
import { sqlState } from '../../db/faults.ts';

const UNIQUE_VIOLATION = '23505';

/**
 * better-auth creates a user after looking the e-mail up, so N simultaneous first sign-ins of one new
 * address race: one insert wins and the others hit the unique e-mail index (20 at once gave 8 answers of
 * 500). The database already decides who wins; this makes the losers read the winner's row and carry on
 * as that user, in every sign-in path (magic link, OAuth, developer sign-in) and across processes.
 */
export function raceSafeUserCreation<O extends BetterAuthOptions>(factory: (options: O) => DBAdapter<O>) {
  return (options: O): DBAdapter<O> => {
    const adapter = factory(options);
    const create = adapter.create.bind(adapter);
    adapter.create = (async (args: Parameters<typeof create>[0]) => {
      try {
        return await create(args);
      } catch (error) {
        const email: unknown = args.model === 'user' ? (args.data as Record<string, unknown>).email : undefined;
        if (typeof email !== 'string' || sqlState(error) !== UNIQUE_VIOLATION) throw error;
        const existing = await adapter.findOne({ model: 'user', where: [{ field: 'email', value: email }] });
        if (!existing) throw error;
        return existing;
      }
    }) as typeof adapter.create;
    return adapter;
  };
}
