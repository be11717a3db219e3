import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES } from '../../src/shared/business.ts';
import { seriousAccessibilityViolations } from '../support/e2e/axe.ts';
import { DESKTOP, MOBILE, devSignIn, saveScreenshot, uniqueEmail } from '../support/e2e/browser.ts';
import { firstUrl, type ReceivedMail } from '../support/e2e/smtp-server.ts';
import { useE2eStack } from '../support/e2e/stack.ts';
import { expectText, hideBetaBanner, visit, visitSignedIn } from '../support/e2e/ui.ts';

const stack = useE2eStack({ smtp: true });

/** The newest mail to `to` whose subject matches, polled from the SMTP server's inbox. */
async function mailTo(to: string, subject: RegExp, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = [...stack.smtp.messages].reverse().find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to} (inbox: ${stack.smtp.messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ')})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const linkIn = (mail: ReceivedMail) => {
  const link = firstUrl(mail.text);
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return link;
};

async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.waitFor({ state: 'visible', timeout: 30_000 });
  if (description) await expectText(toast, description);
}

async function ask(page: Page, question: string, n: number) {
  const input = page.getByRole('textbox', { name: 'Your question' });
  await expect.poll(() => input.isEnabled(), { timeout: 30_000 }).toBe(true);
  await input.fill(question);
  await page.getByRole('button', { name: 'Send question' }).click();
  await expect.poll(() => page.getByTestId('ai-message').count(), { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(n);
  const answer = page.getByTestId('ai-message').nth(n - 1);
  await expectText(answer.getByTestId('confidence'), /^Confidence \d{1,3}%$/);
  expect(await answer.getByTestId('message-text').innerText()).not.toMatch(/^⚠️/);
}

const INVITATION = /invited you to fly as a pilot/;
const SIGN_IN = /sign-in link/;

describe('business team', () => {
  it('set up with one teammate, who accepts from the e-mail signed out, asks without limit, and is removed', async () => {
    const adminEmail = uniqueEmail('biz.admin');
    const mateEmail = uniqueEmail('biz.mate');

    // The administrator: the setup modal opens by itself on home.
    const admin = await stack.newPage();
    await hideBetaBanner(admin);
    await devSignIn(admin, adminEmail, 'business');
    await visit(admin, '/');
    const modal = admin.getByTestId('business-setup-modal');
    await modal.waitFor();
    await expectText(modal, 'Step 1 of 2');
    await modal.getByTestId('setup-next').click();
    await expectToast(admin, BUSINESS_MESSAGES.requiredFieldTitle, BUSINESS_MESSAGES.companyNameRequired);
    await modal.getByLabel('Company name').fill('  Skyline Survey Co  ');
    await modal.getByLabel('Industry').fill('Surveying');
    await modal.getByLabel('Website').fill('https://skyline.example.com');
    await modal.getByTestId('setup-next').click();
    await expectText(modal, 'Step 2 of 2');
    expect(await modal.getByRole('button', { name: 'Remove team member 1' }).isDisabled()).toBe(true);
    await modal.getByTestId('member-email').first().fill(mateEmail);
    expect(await modal.getByTestId('member-role').first().inputValue()).toBe('Team Member');
    // Back keeps what was typed.
    await modal.getByTestId('setup-back').click();
    expect(await modal.getByLabel('Company name').inputValue()).toBe('  Skyline Survey Co  ');
    await modal.getByTestId('setup-next').click();
    expect(await modal.getByTestId('member-email').first().inputValue()).toBe(mateEmail);
    await modal.getByTestId('setup-complete').click();
    await expectToast(admin, BUSINESS_MESSAGES.setupSuccessTitle, '1 invitation sent');
    await modal.waitFor({ state: 'hidden' });
    await admin.getByTestId('business-welcome').waitFor();
    // Named now: home no longer opens the modal.
    await visitSignedIn(admin, '/');
    await admin.getByTestId('business-welcome').waitFor();
    expect(await admin.getByTestId('business-setup-modal').count()).toBe(0);

    // The teammate opens the link from the received e-mail, signed out, in their own browser.
    const invitation = await mailTo(mateEmail, INVITATION);
    expect(invitation.subject).toContain('Skyline Survey Co');
    const mate = await stack.newPage();
    await hideBetaBanner(mate);
    await mate.goto(linkIn(invitation));
    const card = mate.getByTestId('accept-invitation-success');
    await card.waitFor();
    await expectText(card, 'Skyline Survey Co');
    await expectText(card, mateEmail);
    // Accepting signs in through the normal sign-in with the invited address (here the e-mail link).
    await mate.getByTestId('accept-invitation').click();
    await mate.waitForURL(/\/login\/providers/);
    await mate.getByLabel('Email address').fill(mateEmail);
    await mate.getByTestId('magic-link-submit').click();
    await mate.getByTestId('magic-link-sent').waitFor();
    await mate.goto(linkIn(await mailTo(mateEmail, SIGN_IN)));
    await mate.getByTestId('accept-invitation-activated').waitFor({ timeout: 30_000 });
    await mate.waitForURL(/\/profile$/, { timeout: 10_000 });
    await expectText(mate.getByTestId('plan-tier'), 'Business');
    await mate.getByText('Pilot of a business account').waitFor();

    // The link is spent.
    const again = await stack.newPage();
    await again.goto(linkIn(invitation));
    await expectText(again.getByTestId('accept-invitation-message'), BUSINESS_MESSAGES.alreadyUsed);
    await again.getByRole('link', { name: 'Go to Login' }).waitFor();

    // Unlimited questions: past the basic plan's 3 a week.
    await visitSignedIn(mate, '/');
    await expectText(mate.getByTestId('query-limit-unlimited'), 'Business Plan - Unlimited Queries');
    const questions = [
      'How high can I legally fly my drone under Part 107?',
      'How should I store my drone batteries?',
      'How do I calibrate the compass?',
      'Can I fly at night?',
      'What should I check before every flight?',
    ];
    for (const [i, q] of questions.entries()) await ask(mate, q, i + 1);
    await expectText(mate.getByTestId('query-limit-unlimited'), 'Business Plan - Unlimited Queries');

    // The administrator sees the pilot and removes them.
    await visitSignedIn(admin, '/company-setup');
    await expectText(admin.getByTestId('setup-progress'), 'Skyline Survey Co');
    await admin.evaluate(() => sessionStorage.setItem('profileStartTab', 'pilots'));
    await visitSignedIn(admin, '/profile');
    const tab = admin.getByTestId('pilots-tab');
    await tab.waitFor();
    const row = tab.getByTestId('pilot-row');
    await expectText(row, mateEmail);
    await expectText(row, '0 assigned drones');
    await expectText(tab.getByTestId('seat-pricing'), '1 of 100 seats used · $150/month');
    await row.getByTestId('remove-pilot').click();
    await admin.getByTestId('confirm-remove-pilot').click();
    await expectToast(admin, 'Pilot removed');
    await tab.getByTestId('no-pilots').waitFor();

    // The pilot's very next request has their own tier again.
    await visitSignedIn(mate, '/');
    await expectText(mate.getByTestId('query-limit-used'), 'of 3 weekly queries used');
    expect(await mate.getByTestId('query-limit-unlimited').count()).toBe(0);
    const tier = (await (await mate.request.get('/api/user/tier')).json()) as unknown;
    expect(tier).toMatchObject({ tier: 'basic', isPilot: false, administratorBusinessId: null });
  }, 240_000);

  it('the screens at 1280 and 375 px, light and dark, without serious accessibility problems', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [DESKTOP.width, MOBILE.width]) {
        const adminEmail = uniqueEmail(`biz.shot.${colorScheme}.${width}`);
        const page = await stack.newPage({ width, colorScheme });
        await hideBetaBanner(page);
        await devSignIn(page, adminEmail, 'business');
        const tag = (name: string) => `business-${name}`;
        const axe = async (where: string) => {
          const { violations, report } = await seriousAccessibilityViolations(page);
          expect(violations, `${where} ${width} ${colorScheme}\n${report}`).toEqual([]);
        };

        // The modal hides the rest of the page from assistive technology (and from getByRole) once open.
        await visit(page, '/');
        const modal = page.getByTestId('business-setup-modal');
        await modal.waitFor();
        await saveScreenshot(page, tag('setup-step-1'));
        await axe('setup modal');
        await modal.getByLabel('Company name').fill('Harbor Drone Works');
        await modal.getByTestId('setup-next').click();
        await modal.getByTestId('member-email').first().fill(uniqueEmail('biz.shot.mate'));
        await modal.getByTestId('add-member').click();
        await saveScreenshot(page, tag('setup-step-2'));
        await modal.getByTestId('member-email').nth(1).fill(uniqueEmail('biz.shot.mate2'));
        await modal.getByTestId('setup-complete').click();
        await modal.waitFor({ state: 'hidden' });
        await page.getByTestId('business-welcome').waitFor();
        await saveScreenshot(page, tag('home-welcome'));

        await visitSignedIn(page, '/company-setup');
        await page.getByTestId('company-profile-form').waitFor();
        await saveScreenshot(page, tag('company-setup'));
        await axe('company setup');

        await page.evaluate(() => sessionStorage.setItem('profileStartTab', 'pilots'));
        await visitSignedIn(page, '/profile');
        await expect.poll(() => page.getByTestId('pending-row').count(), { timeout: 15_000 }).toBe(2);
        await saveScreenshot(page, tag('pilots-tab'));
        await axe('pilots tab');

        // The acceptance page, signed out.
        const mateEmail = uniqueEmail('biz.shot.invitee');
        expect((await page.request.post('/api/pilots/invite', { data: { email: mateEmail } })).status()).toBe(201);
        const link = linkIn(await mailTo(mateEmail, INVITATION));
        const visitor = await stack.newPage({ width, colorScheme });
        await hideBetaBanner(visitor);
        await visitor.goto(link);
        await visitor.getByTestId('accept-invitation-success').waitFor();
        await saveScreenshot(visitor, tag('accept-invitation'));
        const { violations, report } = await seriousAccessibilityViolations(visitor);
        expect(violations, report).toEqual([]);
        await visit(visitor, '/accept-invitation');
        await visitor.getByTestId('accept-invitation-error').waitFor();
        await expectText(visitor.getByTestId('accept-invitation-message'), BUSINESS_MESSAGES.missingToken);
        await saveScreenshot(visitor, tag('accept-invitation-missing'));

        // The invitee accepts; the administrator's tab lists them.
        await devSignIn(visitor, mateEmail, 'basic');
        const token = new URL(link).searchParams.get('token');
        expect((await visitor.request.post('/api/pilots/accept-invitation', { data: { token } })).status()).toBe(200);
        await page.evaluate(() => sessionStorage.setItem('profileStartTab', 'pilots'));
        await visitSignedIn(page, '/profile');
        await page.getByTestId('pilot-row').waitFor();
        await expectText(page.getByTestId('seat-pricing'), '1 of 100 seats used');
        await saveScreenshot(page, tag('pilots-tab-with-pilot'));
      }
    }
  }, 300_000);
});
