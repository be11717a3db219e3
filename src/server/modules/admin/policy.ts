import { ADMIN_MESSAGES, STATUS_CLASSES, type StatusClass } from '../../../shared/admin.ts';
import { STAFF_TIERS } from '../../../shared/admin-permissions.ts';
import { isSuperAdmin, type Tier, type TierPair } from '../../../shared/tiers.ts';

/**
 * Whether `caller` may move `targetId` from `from` to `to` (issue 13): nobody changes their own tier,
 * and only a super_admin grants or removes admin, developer or super_admin. Null when allowed.
 */
export function tierChangeRefusal(caller: TierPair & { id: string }, targetId: string, from: Tier, to: Tier): string | null {
  if (caller.id === targetId) return ADMIN_MESSAGES.ownTier;
  if ((STAFF_TIERS.includes(from) || STAFF_TIERS.includes(to)) && !isSuperAdmin(caller)) return ADMIN_MESSAGES.staffTierSuperAdminOnly;
  return null;
}

/** The status-code range of a badge class: [from, below). */
export const STATUS_RANGES: Record<StatusClass, [number, number]> = { server: [500, 1000], client: [400, 500], other: [0, 400] };
export const isStatusClass = (v: string): v is StatusClass => (STATUS_CLASSES as readonly string[]).includes(v);

/** `%` and `_` in a user's search text are literal. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
