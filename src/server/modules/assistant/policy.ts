import type { CurrentUser } from '../auth/current-user.ts';

/** A question is asked, and a conversation reset, only as oneself (spec doc 1 §7: userId is the caller's). */
export const canAskAs = (caller: Pick<CurrentUser, 'id'>, userId: string): boolean => caller.id === userId;
