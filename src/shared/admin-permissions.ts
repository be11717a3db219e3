import type { Tier, TierPair } from './tiers.ts';

/**
 * Who may do what with each staff resource (doc 3 §6; issue 13 where the spec is silent), one
 * declarative table read by the server's single check (src/server/modules/admin/guard.ts), by the
 * Profile Admin tab's links and by the test that walks every tier against every staff endpoint.
 * A caller qualifies by tier or by originalTier (a staff member who is also a business pilot keeps the role).
 */
export const STAFF_PERMISSIONS = {
  errors: { read: ['admin', 'developer', 'super_admin'], change: ['admin', 'super_admin'] },
  users: { read: ['admin', 'developer', 'super_admin'], change: ['admin', 'super_admin'] },
  helpRequests: { read: ['admin', 'developer', 'super_admin'], change: ['admin', 'super_admin'] },
  analytics: { read: ['super_admin'] },
  features: { read: ['developer', 'admin', 'super_admin'], change: ['developer', 'super_admin'], rollout: ['super_admin'] },
} as const satisfies Record<string, Partial<Record<'read' | 'change' | 'rollout', readonly Tier[]>>>;

export type StaffResource = keyof typeof STAFF_PERMISSIONS;
export type StaffAction<R extends StaffResource> = keyof (typeof STAFF_PERMISSIONS)[R];

export function staffCan<R extends StaffResource>(who: TierPair, resource: R, action: StaffAction<R>): boolean {
  const allowed = STAFF_PERMISSIONS[resource][action] as readonly Tier[];
  return allowed.includes(who.tier) || allowed.includes(who.originalTier);
}

/** Tiers only a super_admin may grant or take away (issue 13). */
export const STAFF_TIERS: readonly Tier[] = ['admin', 'developer', 'super_admin'];

/** Refusal texts, one per resource; analytics uses the spec's words (doc 3 §2.6). */
export const STAFF_DENIED: Record<StaffResource, string> = {
  errors: 'Error logs are for admin, developer and super_admin accounts.',
  users: 'User management is for admin, developer and super_admin accounts.',
  helpRequests: 'Help request management is for admin, developer and super_admin accounts.',
  analytics: 'Super admin access required.',
  features: 'Developer features are for developer, admin and super_admin accounts.',
};
