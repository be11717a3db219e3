import { describe, expect, it } from 'vitest';
import { canReadUserRecords, effectiveTier, isStaffAccount, staffTierFor, type StaffLists } from './policy.ts';

const staff: StaffLists = {
  admins: ['admin@example.com', 'both@example.com'],
  superAdmins: ['root@example.com', 'both@example.com'],
  developers: ['dev@example.com'],
  staffEmail: 'desk@example.com',
};

describe('staffTierFor', () => {
  it('gives the tier of the list an address is on, ignoring case', () => {
    expect(staffTierFor('admin@example.com', staff)).toBe('admin');
    expect(staffTierFor('ROOT@Example.com', staff)).toBe('super_admin');
    expect(staffTierFor('dev@example.com', staff)).toBe('developer');
  });

  it('the highest wins when an address is on two lists', () => {
    expect(staffTierFor('both@example.com', staff)).toBe('super_admin');
  });

  it('gives nothing to anyone else, including the fixed staff account', () => {
    expect(staffTierFor('pilot@example.com', staff)).toBeNull();
    expect(staffTierFor('desk@example.com', staff)).toBeNull();
  });
});

describe('isStaffAccount', () => {
  it('is the one STAFF_EMAIL address, ignoring case', () => {
    expect(isStaffAccount('Desk@Example.com', staff)).toBe(true);
    expect(isStaffAccount('admin@example.com', staff)).toBe(false);
    expect(isStaffAccount('desk@example.com', { ...staff, staffEmail: undefined })).toBe(false);
  });
});

describe('effectiveTier', () => {
  it('a pilot with a business works under the business plan', () => {
    expect(effectiveTier('basic', true, 'biz-1')).toBe('business');
  });

  it('a pilot flag without a business, or a business id without the flag, changes nothing', () => {
    expect(effectiveTier('hobbyist', true, null)).toBe('hobbyist');
    expect(effectiveTier('pro', false, 'biz-1')).toBe('pro');
  });
});

describe('canReadUserRecords', () => {
  const caller = (tier: Parameters<typeof effectiveTier>[0], originalTier = tier) => ({ id: 'me', tier, originalTier });

  it('anyone may read their own', () => {
    expect(canReadUserRecords(caller('basic'), 'me')).toBe(true);
  });

  it("only admin, super_admin and developer may read another user's", () => {
    expect(canReadUserRecords(caller('admin'), 'other')).toBe(true);
    expect(canReadUserRecords(caller('super_admin'), 'other')).toBe(true);
    expect(canReadUserRecords(caller('developer'), 'other')).toBe(true);
    for (const tier of ['basic', 'hobbyist', 'pro', 'business', 'business_pro', 'enterprise'] as const) {
      expect(canReadUserRecords(caller(tier), 'other'), tier).toBe(false);
    }
  });

  it('a staff member who is also a pilot keeps staff rights through originalTier', () => {
    expect(canReadUserRecords(caller('business', 'admin'), 'other')).toBe(true);
  });
});
