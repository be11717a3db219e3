import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { accessChanged } from '../../src/server/modules/account/access-cache.ts';
import { dailyQueries, users } from '../../src/server/db/schema/index.ts';
import type { Tier } from '../../src/shared/tiers.ts';
import type { TestApp } from './test-app.ts';

let sequence = 0;

/** A unique address per call, so tests sharing one app never meet each other's users. */
export const uniqueEmail = (label: string) => `${label}-${process.pid}-${++sequence}@example.com`;

export interface SignedInUser {
  email: string;
  userId: string;
  cookie: string;
  token: string;
  /** Headers for app.inject carrying this user's session cookie. */
  headers: { cookie: string };
}

/** A signed-in user of any tier (through the real developer sign-in). */
export async function createUser(t: TestApp, label: string, tier?: Tier): Promise<SignedInUser> {
  const email = uniqueEmail(label);
  const { cookie, userId, token } = await t.signIn(email, tier);
  return { email, userId, cookie, token, headers: { cookie } };
}

/**
 * Makes a user a pilot of a business (what accepting an invitation does), and tells the access cache,
 * as the product does after every such write (ADR 0016).
 */
export async function makePilot(t: Pick<TestApp, 'db' | 'database'>, userId: string, businessId: string) {
  await t.db.update(users).set({ isPilot: true, administratorBusinessId: businessId }).where(eq(users.id, userId));
  await accessChanged(t.database.changes, userId);
}

/** Stores a day's assistant query count, as the assistant does when it answers. */
export async function addDailyQueries(db: Db, userId: string, day: string, count: number) {
  await db.insert(dailyQueries).values({ userId, date: day, count });
}
