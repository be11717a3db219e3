import { canSeeAdminTab, isBusinessTier, type TierPair } from '../../../shared/tiers.ts';

export const PROFILE_TABS = [
  { value: 'account', label: 'Account' },
  { value: 'drones', label: 'Drones' },
  { value: 'history', label: 'Chat History' },
  { value: 'help', label: 'Help' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'pilots', label: 'Pilots' },
  { value: 'admin', label: 'Admin' },
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number]['value'];

export const isProfileTab = (value: unknown): value is ProfileTab =>
  typeof value === 'string' && PROFILE_TABS.some((t) => t.value === value);

export interface ProfileAccess {
  tiers: TierPair | null;
  isPilot: boolean;
  isStaffAccount: boolean;
}

/**
 * The tabs a user sees (doc 1 §2). The spec shows pilots "when the business/pilot-management flag is true"
 * without defining the flag; we read it as "business administrator" (doc 1 §6: business tier and not a
 * pilot), the only user who manages pilots. Until the tier is known, only the tabs everyone has.
 */
export function visibleProfileTabs(access: ProfileAccess): ProfileTab[] {
  const tabs: ProfileTab[] = ['account', 'drones', 'history', 'help', 'feedback'];
  if (access.tiers && isBusinessTier(access.tiers) && !access.isPilot) tabs.push('pilots');
  if ((access.tiers && canSeeAdminTab(access.tiers, access.isStaffAccount)) || (!access.tiers && access.isStaffAccount)) {
    tabs.push('admin');
  }
  return tabs;
}

/** A stored starting tab is used only when it names a tab this user has; otherwise account. */
export function startingTab(stored: string | null, visible: readonly ProfileTab[]): ProfileTab {
  return isProfileTab(stored) && visible.includes(stored) ? stored : 'account';
}

/** Back goes to the stored return path, if it is a path inside this app (never another site), else home. */
export function backTarget(stored: string | null): string {
  if (!stored || !stored.startsWith('/') || stored.startsWith('//') || stored.startsWith('/\\')) return '/';
  if (stored === '/profile' || stored.startsWith('/profile?') || stored.startsWith('/profile#')) return '/';
  return stored;
}
