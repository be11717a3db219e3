import { describe, expect, it } from 'vitest';
import { SCROLL_TOP_MIN_MESSAGES, SCROLL_TOP_THRESHOLD_PX } from '../../../shared/assistant.ts';
import { businessHomeState, showHelpTip, showScrollTop } from './home-rules.ts';

describe('business welcome banner', () => {
  it('shows when the profile exists and its knowledge base is not set up', () => {
    expect(businessHomeState(null, { hasBusinessProfile: true, isKnowledgeBaseSetup: false })).toEqual({ hasBusinessProfile: true, showWelcome: true });
    expect(businessHomeState(null, { hasBusinessProfile: true, isKnowledgeBaseSetup: true })).toEqual({ hasBusinessProfile: true, showWelcome: false });
    expect(businessHomeState(null, { hasBusinessProfile: false, isKnowledgeBaseSetup: false })).toEqual({ hasBusinessProfile: false, showWelcome: false });
  });

  it('falls back to the tier info when the profile is unknown', () => {
    expect(businessHomeState({ administratorBusinessId: 'b1' }, null)).toEqual({ hasBusinessProfile: true, showWelcome: true });
    expect(businessHomeState({ administratorBusinessId: null }, null)).toEqual({ hasBusinessProfile: false, showWelcome: false });
    expect(businessHomeState(null, null)).toEqual({ hasBusinessProfile: false, showWelcome: false });
  });
});

describe('help tip', () => {
  it('shows only with no messages, no business profile and the preference not false', () => {
    expect(showHelpTip(0, false, true)).toBe(true);
    expect(showHelpTip(0, false, undefined)).toBe(true);
    expect(showHelpTip(1, false, true)).toBe(false);
    expect(showHelpTip(0, true, true)).toBe(false);
    expect(showHelpTip(0, false, false)).toBe(false);
  });
});

describe('scroll-to-top button', () => {
  it('appears after 300 px with more than 3 messages', () => {
    const show = (y: number, n: number) => showScrollTop(y, n, SCROLL_TOP_THRESHOLD_PX, SCROLL_TOP_MIN_MESSAGES);
    expect(show(301, 4)).toBe(true);
    expect(show(300, 4)).toBe(false);
    expect(show(301, 3)).toBe(false);
  });
});
