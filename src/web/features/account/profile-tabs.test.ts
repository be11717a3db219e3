import { describe, expect, it } from 'vitest';
import { backTarget, startingTab, visibleProfileTabs } from './profile-tabs.ts';

const everyone = ['account', 'drones', 'history', 'help', 'feedback'];

describe('visibleProfileTabs', () => {
  it('gives every user the five common tabs', () => {
    expect(visibleProfileTabs({ tiers: { tier: 'basic', originalTier: 'basic' }, isPilot: false, isStaffAccount: false })).toEqual(everyone);
  });

  it('adds pilots for a business administrator only', () => {
    expect(visibleProfileTabs({ tiers: { tier: 'business', originalTier: 'business' }, isPilot: false, isStaffAccount: false })).toEqual([
      ...everyone,
      'pilots',
    ]);
    expect(visibleProfileTabs({ tiers: { tier: 'business', originalTier: 'basic' }, isPilot: true, isStaffAccount: false })).toEqual(everyone);
  });

  it('adds admin for tier admin, original tier super_admin and the staff account', () => {
    expect(visibleProfileTabs({ tiers: { tier: 'admin', originalTier: 'admin' }, isPilot: false, isStaffAccount: false })).toContain('admin');
    expect(visibleProfileTabs({ tiers: { tier: 'super_admin', originalTier: 'super_admin' }, isPilot: false, isStaffAccount: false })).toContain(
      'admin',
    );
    expect(visibleProfileTabs({ tiers: { tier: 'basic', originalTier: 'basic' }, isPilot: false, isStaffAccount: true })).toContain('admin');
    expect(visibleProfileTabs({ tiers: { tier: 'developer', originalTier: 'developer' }, isPilot: false, isStaffAccount: false })).not.toContain(
      'admin',
    );
  });
});

describe('startingTab', () => {
  it('uses a stored tab the user has', () => {
    expect(startingTab('help', ['account', 'help'])).toBe('help');
  });

  it('falls back to account for an unknown or hidden tab', () => {
    expect(startingTab('admin', ['account', 'help'])).toBe('account');
    expect(startingTab('nonsense', ['account'])).toBe('account');
    expect(startingTab(null, ['account'])).toBe('account');
  });
});

describe('backTarget', () => {
  it('returns a stored in-app path', () => {
    expect(backTarget('/logbook?page=2')).toBe('/logbook?page=2');
  });

  it('goes home without one, or for another site, or for the profile itself', () => {
    expect(backTarget(null)).toBe('/');
    expect(backTarget('https://evil.example')).toBe('/');
    expect(backTarget('//evil.example')).toBe('/');
    expect(backTarget('/profile')).toBe('/');
  });
});
