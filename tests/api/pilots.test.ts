import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles, drones, mailOutbox, pilotInvitations, users } from '../../src/server/db/schema/index.ts';
import {
  BUSINESS_MESSAGES,
  INVITATION_EXPIRY_DAYS,
  acceptErrorKind,
  type InvitationSent,
  type PendingInvitation,
  type Pilot,
  type SetupResponse,
} from '../../src/shared/business.ts';
import { PILOT_SEATS } from '../../src/shared/plans.ts';
import type { Tier } from '../../src/shared/tiers.ts';
import { createUser, uniqueEmail, type SignedInUser } from '../support/factories.ts';
import { startSmtpServer, firstUrl, type SmtpServer } from '../support/e2e/smtp-server.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const callOn = (app: TestApp) => (u: SignedInUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: { ...(u?.headers ?? {}), origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });
const call = (...args: Parameters<ReturnType<typeof callOn>>) => callOn(t)(...args);

/** A business administrator with a named profile. */
async function business(label: string, tier: Tier = 'business') {
  const admin = await createUser(t, label, tier);
  const res = await call(admin, 'POST', '/api/business-profile/setup', { companyName: `${label} Inc` });
  expect(res.statusCode, res.body).toBe(200);
  return { admin, profileId: res.json<SetupResponse>().profile.id! };
}

async function invite(admin: SignedInUser, email: string): Promise<InvitationSent> {
  const res = await call(admin, 'POST', '/api/pilots/invite', { email });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<InvitationSent>();
}

/** The token from the link in the newest mail to `email` (the outbox keeps every message sent). */
async function tokenFromMail(app: TestApp, email: string): Promise<string> {
  const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const url = new URL(firstUrl(mail!.text)!);
  expect(url.origin + url.pathname).toBe(`${app.config.publicUrl}/accept-invitation`);
  return url.searchParams.get('token')!;
}

const accept = (u: SignedInUser | null, token: string) => call(u, 'POST', '/api/pilots/accept-invitation', { token });
const tierOf = async (u: SignedInUser) => (await call(u, 'GET', '/api/user/tier')).json<{ tier: Tier; originalTier: Tier; isPilot: boolean; administratorBusinessId: string | null }>();
const pilots = async (admin: SignedInUser) => (await call(admin, 'GET', '/api/pilots')).json<Pilot[]>();
const pending = async (admin: SignedInUser) => (await call(admin, 'GET', '/api/pilot-invitations/pending')).json<PendingInvitation[]>();

/** Invites a new user of `tier` and has them accept: a seated pilot. */
async function seatedPilot(admin: SignedInUser, label: string, tier: Tier = 'basic') {
  const pilot = await createUser(t, label, tier);
  await invite(admin, pilot.email);
  const res = await accept(pilot, await tokenFromMail(t, pilot.email));
  expect(res.statusCode, res.body).toBe(200);
  return pilot;
}

describe('signed out', () => {
  for (const [method, url, body] of [
    ['GET', '/api/pilots'],
    ['GET', '/api/pilot-invitations/pending'],
    ['POST', '/api/pilots/invite', { email: 'a@example.com' }],
    ['DELETE', '/api/pilot-invitations/x'],
    ['DELETE', '/api/pilots/x'],
    ['POST', '/api/pilots/accept-invitation', { token: 'x' }],
  ] as const) {
    it(`${method} ${url} answers 401`, async () => {
      expect((await call(null, method, url, body)).statusCode).toBe(401);
    });
  }

  it('the invitation lookup works signed out and says nothing for a wrong token', async () => {
    const { admin } = await business('pil-lookup');
    const email = uniqueEmail('pil-lookup-mate');
    const sent = await invite(admin, email);
    const token = await tokenFromMail(t, email);
    const ok = await call(null, 'POST', '/api/pilot-invitations/lookup', { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ companyName: 'pil-lookup Inc', email, expiresAt: sent.expiresAt });
    const bad = await call(null, 'POST', '/api/pilot-invitations/lookup', { token: `${token}x` });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ message: BUSINESS_MESSAGES.serverInvalidToken });
    const missing = await call(null, 'POST', '/api/pilot-invitations/lookup', { token: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain(BUSINESS_MESSAGES.missingToken);
  });
});

describe('POST /api/pilots/invite', () => {
  it('stores only the hash of an unguessable token, with a 7-day expiry, and mails the link', async () => {
    const { admin, profileId } = await business('pil-invite');
    const email = uniqueEmail('pil-invite-mate');
    const before = Date.now();
    const sent = await invite(admin, `  ${email.toUpperCase()} `);
    expect(sent.email).toBe(email);
    const expiresIn = new Date(sent.expiresAt).getTime() - before;
    expect(Math.abs(expiresIn - INVITATION_EXPIRY_DAYS * 86_400_000)).toBeLessThan(60_000);
    const token = await tokenFromMail(t, email);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [row] = await t.db.select().from(pilotInvitations).where(eq(pilotInvitations.id, sent.id));
    expect(row).toMatchObject({ businessProfileId: profileId, status: 'pending', invitedBy: admin.userId });
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await pending(admin)).toEqual([{ id: sent.id, email, createdAt: sent.createdAt, expiresAt: sent.expiresAt }]);
  });

  it('uses the spec messages for a missing or invalid address and changes nothing', async () => {
    const { admin } = await business('pil-invalid');
    for (const [email, message] of [
      ['', BUSINESS_MESSAGES.emailRequired],
      ['   ', BUSINESS_MESSAGES.emailRequired],
      ['not-an-email', BUSINESS_MESSAGES.emailInvalid],
      [undefined, BUSINESS_MESSAGES.emailRequired],
    ] as const) {
      const res = await call(admin, 'POST', '/api/pilots/invite', { email });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect(await pending(admin)).toEqual([]);
    const self = await call(admin, 'POST', '/api/pilots/invite', { email: admin.email });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: BUSINESS_MESSAGES.cannotInviteSelf });
  });

  it('re-inviting a pending address replaces the token: only the newest link works', async () => {
    const { admin } = await business('pil-reinvite');
    const mate = await createUser(t, 'pil-reinvite-mate', 'basic');
    const first = await invite(admin, mate.email);
    const oldToken = await tokenFromMail(t, mate.email);
    await new Promise((r) => setTimeout(r, 5));
    const second = await invite(admin, mate.email);
    expect(second).toMatchObject({ id: first.id, replaced: true });
    const newToken = await tokenFromMail(t, mate.email);
    expect(newToken).not.toBe(oldToken);
    expect(await pending(admin)).toHaveLength(1);
    expect((await accept(mate, oldToken)).statusCode).toBe(404);
    expect((await accept(mate, newToken)).statusCode).toBe(200);
  });

  it('an address already seated in this business gets a clear message', async () => {
    const { admin } = await business('pil-already');
    const pilot = await seatedPilot(admin, 'pil-already-mate');
    const res = await call(admin, 'POST', '/api/pilots/invite', { email: pilot.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: BUSINESS_MESSAGES.alreadyPilotHere });
  });

  it('pilots and non-business users cannot invite', async () => {
    const { admin } = await business('pil-noinvite');
    const pilot = await seatedPilot(admin, 'pil-noinvite-mate', 'business');
    for (const u of [pilot, await createUser(t, 'pil-noinvite-pro', 'pro'), await createUser(t, 'pil-noinvite-admin', 'admin')]) {
      const res = await call(u, 'POST', '/api/pilots/invite', { email: uniqueEmail('x') });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: BUSINESS_MESSAGES.notBusinessAdmin });
      expect((await call(u, 'GET', '/api/pilots')).statusCode).toBe(403);
    }
  });

  it('an administrator who invites before the setup gets an unnamed profile (the setup modal still opens)', async () => {
    const admin = await createUser(t, 'pil-early', 'business');
    await invite(admin, uniqueEmail('pil-early-mate'));
    const current = (await call(admin, 'GET', '/api/business-profile/current')).json<{ hasBusinessProfile: boolean; companyName: string | null }>();
    expect(current).toMatchObject({ hasBusinessProfile: true, companyName: null });
  });
});

describe('POST /api/pilots/accept-invitation', () => {
  it('seats the pilot: business tier, own tier kept as originalTier, listed with joined date and drones', async () => {
    const { admin, profileId } = await business('pil-accept');
    const pilot = await createUser(t, 'pil-accept-mate', 'hobbyist');
    await invite(admin, pilot.email);
    const token = await tokenFromMail(t, pilot.email);
    const res = await accept(pilot, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, businessProfileId: profileId, companyName: 'pil-accept Inc' });
    expect(await tierOf(pilot)).toMatchObject({ tier: 'business', originalTier: 'hobbyist', isPilot: true, administratorBusinessId: profileId });
    const drone = await call(pilot, 'POST', '/api/drones', { serialNumber: 'SN1', manufacturer: 'DJI', model: 'Mavic 3', assignedPilotId: pilot.userId });
    expect(drone.statusCode, drone.body).toBe(201);
    const list = await pilots(admin);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: pilot.userId, email: pilot.email, assignedDroneCount: 1 });
    expect(await pending(admin)).toEqual([]);
    const [row] = await t.db.select().from(businessProfiles).where(eq(businessProfiles.id, profileId));
    expect(row?.pilotCount).toBe(1);
  });

  it('a token works once', async () => {
    const { admin } = await business('pil-once');
    const pilot = await createUser(t, 'pil-once-mate', 'basic');
    await invite(admin, pilot.email);
    const token = await tokenFromMail(t, pilot.email);
    expect((await accept(pilot, token)).statusCode).toBe(200);
    const again = await accept(pilot, token);
    expect(again.statusCode).toBe(409);
    expect(acceptErrorKind(again.json<{ message: string }>().message)).toBe('used');
  });

  it('an expired token is refused with the expired message and seats nobody', async () => {
    const { admin } = await business('pil-expired');
    const pilot = await createUser(t, 'pil-expired-mate', 'basic');
    const sent = await invite(admin, pilot.email);
    const token = await tokenFromMail(t, pilot.email);
    await t.db.update(pilotInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(pilotInvitations.id, sent.id));
    const res = await accept(pilot, token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ message: BUSINESS_MESSAGES.expired });
    expect(acceptErrorKind(res.json<{ message: string }>().message)).toBe('expired');
    expect((await tierOf(pilot)).isPilot).toBe(false);
    expect((await call(null, 'POST', '/api/pilot-invitations/lookup', { token })).statusCode).toBe(410);
  });

  it('a signed-in user with another address is refused with a clear message', async () => {
    const { admin } = await business('pil-other');
    const invited = uniqueEmail('pil-other-invited');
    await invite(admin, invited);
    const token = await tokenFromMail(t, invited);
    const stranger = await createUser(t, 'pil-other-stranger', 'basic');
    const res = await accept(stranger, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: `This invitation was sent to ${invited}. Sign in with that address to accept it.` });
    expect((await tierOf(stranger)).isPilot).toBe(false);
    // The invited person can still use it.
    const invitedUser = await t.signIn(invited, 'basic');
    const ok = await accept({ email: invited, userId: invitedUser.userId, cookie: invitedUser.cookie, token: invitedUser.token, headers: { cookie: invitedUser.cookie } }, token);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a pilot of another business, or an administrator of one, cannot accept', async () => {
    const a = await business('pil-two-a');
    const b = await business('pil-two-b');
    const pilot = await seatedPilot(a.admin, 'pil-two-mate');
    await invite(b.admin, pilot.email);
    const res = await accept(pilot, await tokenFromMail(t, pilot.email));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: BUSINESS_MESSAGES.pilotElsewhere });
    await invite(b.admin, a.admin.email);
    const adminRes = await accept(a.admin, await tokenFromMail(t, a.admin.email));
    expect(adminRes.statusCode).toBe(409);
    expect(adminRes.json()).toMatchObject({ message: BUSINESS_MESSAGES.adminCannotBePilot });
  });
});

describe('cancel and remove', () => {
  it('a cancelled invitation stops working', async () => {
    const { admin } = await business('pil-cancel');
    const pilot = await createUser(t, 'pil-cancel-mate', 'basic');
    const sent = await invite(admin, pilot.email);
    const token = await tokenFromMail(t, pilot.email);
    const res = await call(admin, 'DELETE', `/api/pilot-invitations/${sent.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await pending(admin)).toEqual([]);
    const refused = await accept(pilot, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: BUSINESS_MESSAGES.serverAlreadyProcessed });
    expect((await call(admin, 'DELETE', `/api/pilot-invitations/${sent.id}`)).statusCode).toBe(409);
  });

  it('removal takes the business tier away on the pilot’s very next request; their drones stay theirs', async () => {
    const { admin, profileId } = await business('pil-remove');
    const pilot = await seatedPilot(admin, 'pil-remove-mate', 'pro');
    expect((await tierOf(pilot)).tier).toBe('business');
    const drone = await call(pilot, 'POST', '/api/drones', { serialNumber: 'SN-R', manufacturer: 'DJI', model: 'Air 3' });
    expect(drone.statusCode).toBe(201);
    const res = await call(admin, 'DELETE', `/api/pilots/${pilot.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    // Same session cookie, no sign-in again: the next request already has the pilot's own tier.
    expect(await tierOf(pilot)).toMatchObject({ tier: 'pro', originalTier: 'pro', isPilot: false, administratorBusinessId: null });
    expect((await call(pilot, 'GET', '/api/auth/user')).json()).toMatchObject({ isPilot: false, administratorBusinessId: null });
    expect(await pilots(admin)).toEqual([]);
    expect((await t.db.select().from(drones).where(eq(drones.userId, pilot.userId))).length).toBe(1);
    const [row] = await t.db.select().from(businessProfiles).where(eq(businessProfiles.id, profileId));
    expect(row?.pilotCount).toBe(0);
    expect((await call(admin, 'DELETE', `/api/pilots/${pilot.userId}`)).statusCode).toBe(404);
  });
});

describe('two businesses side by side', () => {
  it("another business's pilot, invitation and profile answer 404 and change nothing", async () => {
    const a = await business('pil-side-a');
    const b = await business('pil-side-b');
    const pilotA = await seatedPilot(a.admin, 'pil-side-pilot');
    const invitationA = await invite(a.admin, uniqueEmail('pil-side-pending'));
    expect((await call(b.admin, 'DELETE', `/api/pilots/${pilotA.userId}`)).statusCode).toBe(404);
    expect((await call(b.admin, 'DELETE', `/api/pilot-invitations/${invitationA.id}`)).statusCode).toBe(404);
    expect(await pilots(b.admin)).toEqual([]);
    expect(await pending(b.admin)).toEqual([]);
    expect((await pilots(a.admin)).map((p) => p.id)).toEqual([pilotA.userId]);
    expect((await pending(a.admin)).map((p) => p.id)).toEqual([invitationA.id]);
    expect((await tierOf(pilotA)).administratorBusinessId).toBe(a.profileId);
    // B's update touches only B's profile.
    await call(b.admin, 'POST', '/api/business-profile/update', { companyName: 'B renamed' });
    const [rowA] = await t.db.select().from(businessProfiles).where(eq(businessProfiles.id, a.profileId));
    expect(rowA?.companyName).toBe('pil-side-a Inc');
    // A pilot cannot remove or cancel anything in their own business either.
    expect((await call(pilotA, 'DELETE', `/api/pilot-invitations/${invitationA.id}`)).statusCode).toBe(403);
    expect((await call(pilotA, 'DELETE', `/api/pilots/${pilotA.userId}`)).statusCode).toBe(403);
  });
});

describe('seat limit', () => {
  it(`20 parallel accepts at ${PILOT_SEATS.maxPilots - 1} pilots seat exactly one more`, async () => {
    const { admin, profileId } = await business('pil-seats');
    // 99 pilots straight into the table (the trigger counts them), then 20 invited users race for seat 100.
    const filler = Array.from({ length: PILOT_SEATS.maxPilots - 1 }, (_, i) => ({
      id: `seat-filler-${process.pid}-${i}`,
      email: uniqueEmail(`seat-filler-${i}`),
      isPilot: true,
      administratorBusinessId: profileId,
    }));
    await t.db.insert(users).values(filler);
    const racers = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser(t, `pil-racer-${i}`, 'basic')));
    const tokens: string[] = [];
    for (const r of racers) {
      await invite(admin, r.email);
      tokens.push(await tokenFromMail(t, r.email));
    }
    const results = await Promise.all(racers.map((r, i) => accept(r, tokens[i]!)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ message: BUSINESS_MESSAGES.seatsFull });
    const [row] = await t.db.select().from(businessProfiles).where(eq(businessProfiles.id, profileId));
    expect(row?.pilotCount).toBe(PILOT_SEATS.maxPilots);
    const seated = await t.db.select().from(users).where(and(eq(users.isPilot, true), eq(users.administratorBusinessId, profileId)));
    expect(seated).toHaveLength(PILOT_SEATS.maxPilots);
    expect(await pilots(admin)).toHaveLength(PILOT_SEATS.maxPilots);
    // A full business cannot invite more.
    const more = await call(admin, 'POST', '/api/pilots/invite', { email: uniqueEmail('one-too-many') });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ message: BUSINESS_MESSAGES.seatsFull });
  }, 120_000);
});

describe('a real SMTP round trip', () => {
  let smtp: SmtpServer;
  let s: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await createTestApp({ SMTP_URL: smtp.url }, {}, { database: t.database });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it('the link in the received mail is the one that works', async () => {
    const sCall = callOn(s);
    const adminEmail = uniqueEmail('pil-smtp-admin');
    const adminSession = await s.signIn(adminEmail, 'business');
    const admin = { email: adminEmail, userId: adminSession.userId, cookie: adminSession.cookie, token: adminSession.token, headers: { cookie: adminSession.cookie } };
    const setupRes = await sCall(admin, 'POST', '/api/business-profile/setup', { companyName: 'Mailed Aerial', teamMembers: [{ email: uniqueEmail('pil-smtp-mate'), role: 'Pilot' }] });
    expect(setupRes.statusCode, setupRes.body).toBe(200);
    const mateEmail = setupRes.json<SetupResponse>().invited[0]!.email;
    const mail = await smtp.waitForMail(mateEmail);
    expect(mail.subject).toContain('Mailed Aerial');
    const link = new URL(firstUrl(mail.text)!);
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_ORIGIN}/accept-invitation`);
    const token = link.searchParams.get('token')!;
    const mateSession = await s.signIn(mateEmail, 'basic');
    const mate = { email: mateEmail, userId: mateSession.userId, cookie: mateSession.cookie, token: mateSession.token, headers: { cookie: mateSession.cookie } };
    // A token one character off (never the same character: a token ending in 'A' would stay itself).
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await sCall(mate, 'POST', '/api/pilots/accept-invitation', { token: forged })).statusCode).toBe(404);
    const ok = await sCall(mate, 'POST', '/api/pilots/accept-invitation', { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await sCall(mate, 'GET', '/api/user/tier')).json()).toMatchObject({ tier: 'business', isPilot: true });
  });
});
