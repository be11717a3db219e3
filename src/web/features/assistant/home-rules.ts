import type { TierInfo } from '../../../shared/account.ts';
import type { BusinessProfileStatus } from './api.ts';

export interface BusinessHomeState {
  hasBusinessProfile: boolean;
  /** The knowledge base is being prepared: the welcome banner shows (doc 1 §2). */
  showWelcome: boolean;
}

/**
 * Doc 1 §2: the welcome banner shows when a business profile exists but its knowledge base is not set up.
 * The business profile's own answer decides; without one (not a business user, or the call unavailable)
 * the tier's administratorBusinessId says a profile exists, and a new profile's knowledge base starts
 * not set up (doc 2 §3).
 */
export function businessHomeState(
  tier: Pick<TierInfo, 'administratorBusinessId'> | null,
  profile: BusinessProfileStatus | null,
): BusinessHomeState {
  if (profile) {
    return { hasBusinessProfile: profile.hasBusinessProfile, showWelcome: profile.hasBusinessProfile && !profile.isKnowledgeBaseSetup };
  }
  const hasBusinessProfile = !!tier?.administratorBusinessId;
  return { hasBusinessProfile, showWelcome: hasBusinessProfile };
}

/** Doc 1 §2: the help tip shows with no messages, no business profile, and showHelpTip not false. */
export const showHelpTip = (messageCount: number, hasBusinessProfile: boolean, preference: boolean | undefined) =>
  messageCount === 0 && !hasBusinessProfile && preference !== false;

/** Doc 1 §2, §9: the scroll-to-top button after 300 px with more than 3 messages. */
export const showScrollTop = (scrollY: number, messageCount: number, thresholdPx: number, minMessages: number) =>
  scrollY > thresholdPx && messageCount > minMessages;
