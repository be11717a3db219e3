import type { Tier } from '../../../shared/tiers.ts';

export interface StaffLists {
  admins: string[];
  superAdmins: string[];
  developers: string[];
  staffEmail: string | undefined;
}

/** The tier the configured staff lists give an address at sign-in, if any (DESIGN §4). */
export function staffTierFor(email: string, staff: StaffLists): Tier | null {
  const e = email.toLowerCase();
  if (staff.superAdmins.includes(e)) return 'super_admin';
  if (staff.admins.includes(e)) return 'admin';
  if (staff.developers.includes(e)) return 'developer';
  return null;
}

export const isStaffAccount = (email: string, staff: StaffLists) =>
  staff.staffEmail !== undefined && email.toLowerCase() === staff.staffEmail;

/**
 * The effective tier: a pilot of a business works under that business's plan; everyone else has their
 * stored tier. A developer's simulation never reaches the server.
 */
export function effectiveTier(stored: Tier, isPilot: boolean, administratorBusinessId: string | null): Tier {
  if (isPilot && administratorBusinessId) return 'business';
  return stored;
}

const STAFF_READERS: readonly Tier[] = ['admin', 'super_admin', 'developer'];

/** A user may read their own tier and preferences; staff may read anyone's (doc 1 §7, issue 2). */
export function canReadUserRecords(caller: { id: string; tier: Tier; originalTier: Tier }, targetUserId: string): boolean {
  if (caller.id === targetUserId) return true;
  return STAFF_READERS.includes(caller.tier) || STAFF_READERS.includes(caller.originalTier);
}
