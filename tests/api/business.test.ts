import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles, knowledgeSections, userTiers, users } from '../../src/server/db/schema/index.ts';
import { BUSINESS_MESSAGES, needsCompanySetup, type BusinessProfile, type SetupResponse } from '../../src/shared/business.ts';
import { PILOT_SEATS, monthlySeatPriceUsd, seatPricingText } from '../../src/shared/plans.ts';
import { accessChanged } from '../../src/server/modules/account/access-cache.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const call = (u: SignedInUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(u?.headers ?? {}), origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });

const acme = { companyName: '  Acme Aerial  ', industry: 'Inspection', description: 'Bridges and towers', website: 'https://acme.example.com' };

async function setup(u: SignedInUser, body: object = acme): Promise<SetupResponse> {
  const res = await call(u, 'POST', '/api/business-profile/setup', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SetupResponse>();
}

const profileCount = async () => (await t.db.select().from(businessProfiles)).length;

describe('signed out', () => {
  for (const [method, url, body] of [
    ['GET', '/api/business-profile/current'],
    ['POST', '/api/business-profile/setup', acme],
    ['POST', '/api/business-profile/update', acme],
  ] as const) {
    it(`${method} ${url} answers 401`, async () => {
      expect((await call(null, method, url, body)).statusCode).toBe(401);
    });
  }
});

describe('GET /api/business-profile/current', () => {
  it('answers a business user without a profile with hasBusinessProfile false (not 404)', async () => {
    const u = await createUser(t, 'biz-none', 'business');
    const res = await call(u, 'GET', '/api/business-profile/current');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BusinessProfile>()).toMatchObject({ hasBusinessProfile: false, companyName: null, adminEmail: u.email, isKnowledgeBaseSetup: false });
  });

  it('refuses users of other tiers', async () => {
    for (const tier of ['basic', 'pro', 'admin'] as const) {
      const u = await createUser(t, `biz-${tier}`, tier);
      const res = await call(u, 'GET', '/api/business-profile/current');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: BUSINESS_MESSAGES.setupNotAllowed });
    }
  });

  it('serves business_pro administrators too', async () => {
    const u = await createUser(t, 'biz-pro', 'business_pro');
    expect((await call(u, 'GET', '/api/business-profile/current')).statusCode).toBe(200);
  });
});

describe('POST /api/business-profile/setup', () => {
  it('creates the profile with trimmed fields, links the tier row, and the current profile reads it back', async () => {
    const u = await createUser(t, 'biz-setup', 'business');
    const { profile, invited, notInvited } = await setup(u);
    expect(profile).toMatchObject({
      hasBusinessProfile: true,
      companyName: 'Acme Aerial',
      industry: 'Inspection',
      description: 'Bridges and towers',
      website: 'https://acme.example.com/',
      adminEmail: u.email,
      isKnowledgeBaseSetup: false,
      pilotCount: 0,
      isAdministrator: true,
    });
    expect(invited).toEqual([]);
    expect(notInvited).toEqual([]);
    const [tier] = await t.db.select().from(userTiers).where(eq(userTiers.userId, u.userId));
    expect(tier?.businessProfileId).toBe(profile.id);
    const current = (await call(u, 'GET', '/api/business-profile/current')).json<BusinessProfile>();
    expect(current).toMatchObject({ id: profile.id, companyName: 'Acme Aerial', hasBusinessProfile: true });
  });

  it('a second setup updates the same profile (one per administrator)', async () => {
    const u = await createUser(t, 'biz-twice', 'business');
    const first = await setup(u);
    const second = await setup(u, { ...acme, companyName: 'Acme Two' });
    expect(second.profile.id).toBe(first.profile.id);
    expect(second.profile.companyName).toBe('Acme Two');
  });

  it('refuses a blank company name (after trimming) and changes nothing', async () => {
    const u = await createUser(t, 'biz-blank', 'business');
    const before = await profileCount();
    for (const companyName of ['', '   ', undefined]) {
      const res = await call(u, 'POST', '/api/business-profile/setup', { ...acme, companyName });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(BUSINESS_MESSAGES.companyNameRequired);
    }
    expect(await profileCount()).toBe(before);
  });

  it('refuses a website that is not a real URL, and over-long fields', async () => {
    const u = await createUser(t, 'biz-bad', 'business');
    for (const website of ['not a url', 'ftp://acme.example.com', 'https://localhost']) {
      const res = await call(u, 'POST', '/api/business-profile/setup', { ...acme, website });
      expect(res.statusCode, website).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(BUSINESS_MESSAGES.websiteInvalid);
    }
    for (const body of [
      { ...acme, companyName: 'x'.repeat(121) },
      { ...acme, industry: 'x'.repeat(81) },
      { ...acme, description: 'x'.repeat(1001) },
      { ...acme, teamMembers: [{ email: 'a@example.com', role: 'x'.repeat(61) }] },
    ]) {
      expect((await call(u, 'POST', '/api/business-profile/setup', body)).statusCode).toBe(400);
    }
    expect((await call(u, 'GET', '/api/business-profile/current')).json<BusinessProfile>().hasBusinessProfile).toBe(false);
  });

  it('drops blank team rows, refuses an invalid address, and invites the rest', async () => {
    const u = await createUser(t, 'biz-team', 'business');
    const bad = await call(u, 'POST', '/api/business-profile/setup', { ...acme, teamMembers: [{ email: 'nope', role: 'Pilot' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(BUSINESS_MESSAGES.emailInvalid);
    const { invited } = await setup(u, {
      ...acme,
      teamMembers: [
        { email: '  Mate@Example.com ', role: 'Pilot' },
        { email: '   ', role: 'Team Member' },
        { email: 'mate@example.com' },
      ],
    });
    expect(invited.map((i) => i.email)).toEqual(['mate@example.com']);
  });

  it('is refused to pilots and to non-business tiers', async () => {
    const basic = await createUser(t, 'biz-basic-setup', 'basic');
    expect((await call(basic, 'POST', '/api/business-profile/setup', acme)).statusCode).toBe(403);
    const owner = await createUser(t, 'biz-owner', 'business');
    const { profile } = await setup(owner);
    const pilot = await createUser(t, 'biz-seated', 'business');
    await t.db.update(users).set({ isPilot: true, administratorBusinessId: profile.id }).where(eq(users.id, pilot.userId));
    await accessChanged(t.database.changes, pilot.userId);
    expect((await call(pilot, 'POST', '/api/business-profile/setup', acme)).statusCode).toBe(403);
    // A pilot reads their business's profile (the home banner), not as its administrator.
    const current = (await call(pilot, 'GET', '/api/business-profile/current')).json<BusinessProfile>();
    expect(current).toMatchObject({ id: profile.id, companyName: 'Acme Aerial', isAdministrator: false });
  });
});

describe('POST /api/business-profile/update', () => {
  it('updates the own profile only, with the same validation', async () => {
    const a = await createUser(t, 'biz-upd-a', 'business');
    const b = await createUser(t, 'biz-upd-b', 'business');
    await setup(a);
    const none = await call(b, 'POST', '/api/business-profile/update', acme);
    expect(none.statusCode).toBe(404);
    const res = await call(a, 'POST', '/api/business-profile/update', { companyName: 'Acme Renamed', industry: '', website: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BusinessProfile>()).toMatchObject({ companyName: 'Acme Renamed', industry: null, website: null, description: null });
    const blank = await call(a, 'POST', '/api/business-profile/update', { companyName: ' ' });
    expect(blank.statusCode).toBe(400);
    expect((await call(a, 'GET', '/api/business-profile/current')).json<BusinessProfile>().companyName).toBe('Acme Renamed');
  });
});

describe('kept true by the database', () => {
  it('isKnowledgeBaseSetup follows the business sections of the knowledge base', async () => {
    const u = await createUser(t, 'biz-kb', 'business');
    const { profile } = await setup(u);
    const section = {
      articleKey: 'doc-1',
      businessId: profile.id!,
      position: 0,
      articleTitle: 'Ops manual',
      title: 'Pre-flight',
      topic: 'operations',
      body: 'Check the props.',
      citation: 'Ops manual',
    };
    const [row] = await t.db.insert(knowledgeSections).values(section).returning();
    expect((await call(u, 'GET', '/api/business-profile/current')).json<BusinessProfile>().isKnowledgeBaseSetup).toBe(true);
    await t.db.delete(knowledgeSections).where(eq(knowledgeSections.id, row!.id));
    expect((await call(u, 'GET', '/api/business-profile/current')).json<BusinessProfile>().isKnowledgeBaseSetup).toBe(false);
  });

  it('pilotCount follows pilot membership, and deleting the profile frees its pilots', async () => {
    const u = await createUser(t, 'biz-count', 'business');
    const { profile } = await setup(u);
    const p = await createUser(t, 'biz-count-pilot', 'basic');
    await t.db.update(users).set({ isPilot: true, administratorBusinessId: profile.id }).where(eq(users.id, p.userId));
    expect((await call(u, 'GET', '/api/business-profile/current')).json<BusinessProfile>().pilotCount).toBe(1);
    await t.db.update(users).set({ isPilot: false }).where(eq(users.id, p.userId));
    expect((await call(u, 'GET', '/api/business-profile/current')).json<BusinessProfile>().pilotCount).toBe(0);
    await t.db.update(users).set({ isPilot: true }).where(eq(users.id, p.userId));
    await accessChanged(t.database.changes, p.userId);
    expect((await call(p, 'GET', '/api/user/tier')).json<{ tier: string }>().tier).toBe('business');
    await t.db.delete(businessProfiles).where(eq(businessProfiles.id, profile.id!));
    // Whatever deletes a profile tells the access cache about its pilots, as every writer does (ADR 0016).
    await accessChanged(t.database.changes, p.userId);
    const [row] = await t.db.select().from(users).where(eq(users.id, p.userId));
    expect(row).toMatchObject({ isPilot: false, administratorBusinessId: null });
    expect((await call(p, 'GET', '/api/user/tier')).json<{ tier: string }>().tier).toBe('basic');
  });
});

describe('needsCompanySetup (doc 2 §2: when the setup modal opens)', () => {
  it('opens without a name or with a placeholder name containing "Business Profile"', () => {
    expect(needsCompanySetup(null)).toBe(true);
    expect(needsCompanySetup('')).toBe(true);
    expect(needsCompanySetup("ann@example.com's Business Profile")).toBe(true);
    expect(needsCompanySetup('Acme Aerial')).toBe(false);
  });
});

describe('seat pricing (doc 2 §9, from the plan catalogue)', () => {
  it('charges the base for the first 2 pilots and $30 for each after, up to 100', () => {
    expect([0, 1, 2, 3, 10, 100].map(monthlySeatPriceUsd)).toEqual([150, 150, 150, 180, 390, 3090]);
    expect(PILOT_SEATS.maxPilots).toBe(100);
    expect(seatPricingText()).toBe('$150/month for the first 2 pilots, $30/month for each extra pilot (up to 100).');
  });
});
