import { describe, expect, it } from 'vitest';
import {
  canSeeAdminTab,
  canSeeCompanySetup,
  canSeeDocuments,
  canSeePricingLink,
  isAdmin,
  isAdminOrDeveloper,
  isDeveloper,
  isTier,
  type Tier,
} from './tiers.ts';

const as = (tier: Tier, originalTier: Tier = tier) => ({ tier, originalTier });

describe('isTier', () => {
  it('accepts the nine tiers and nothing else', () => {
    expect(isTier('business_pro')).toBe(true);
    expect(isTier('super_admin')).toBe(true);
    for (const v of ['Basic', 'free', '', null, 3, undefined]) expect(isTier(v)).toBe(false);
  });
});

describe('roles (doc 1 §6)', () => {
  it('admin means tier admin or super_admin', () => {
    expect(isAdmin(as('admin'))).toBe(true);
    expect(isAdmin(as('super_admin'))).toBe(true);
    expect(isAdmin(as('developer'))).toBe(false);
    expect(isAdmin(as('business'))).toBe(false);
  });

  it('developer means tier developer', () => {
    expect(isDeveloper(as('developer'))).toBe(true);
    expect(isDeveloper(as('admin'))).toBe(false);
    expect(isAdminOrDeveloper(as('developer'))).toBe(true);
    expect(isAdminOrDeveloper(as('pro'))).toBe(false);
  });

  it('documents and company setup: business and business_pro, by tier or originalTier', () => {
    expect(canSeeDocuments(as('business'))).toBe(true);
    expect(canSeeCompanySetup(as('business_pro'))).toBe(true);
    expect(canSeeDocuments(as('business', 'basic'))).toBe(true); // a pilot of a business
    expect(canSeeDocuments(as('pro'))).toBe(false);
    expect(canSeeDocuments(as('enterprise'))).toBe(false);
  });

  it('pricing link: admin or developer who are not business', () => {
    expect(canSeePricingLink(as('admin'))).toBe(true);
    expect(canSeePricingLink(as('developer'))).toBe(true);
    expect(canSeePricingLink(as('basic'))).toBe(false);
    expect(canSeePricingLink(as('business', 'developer'))).toBe(false);
  });

  it('admin tab: tier admin, originalTier super_admin, or the fixed staff account', () => {
    expect(canSeeAdminTab(as('admin'), false)).toBe(true);
    expect(canSeeAdminTab(as('super_admin'), false)).toBe(true);
    expect(canSeeAdminTab(as('basic'), true)).toBe(true);
    expect(canSeeAdminTab(as('developer'), false)).toBe(false);
    expect(canSeeAdminTab(as('pro'), false)).toBe(false);
  });
});
