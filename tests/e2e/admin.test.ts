import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, devSignIn, saveScreenshot, uniqueEmail } from '../support/e2e/browser.ts';
import { seriousAccessibilityViolations } from '../support/e2e/axe.ts';
import { useE2eStack } from '../support/e2e/stack.ts';
import { expectText, hideBetaBanner, visitSignedIn } from '../support/e2e/ui.ts';
import { startReplayServer, type ReplayServer } from '../support/replay-server.ts';

/**
 * The staff journey of issue 13 against the real built server: a super_admin finds a user and makes them
 * Pro, resolves an error with a note, answers a help request (the requester's mail is in the outbox),
 * creates a feature, moves it to ready_for_production and rolls it out to pro; the Pro user then sees it
 * on the forecast (whose providers are the replay server), and a basic user does not.
 */
let replay: ReplayServer;
const env: Record<string, string> = {};
beforeAll(async () => {
  replay = await startReplayServer();
  Object.assign(env, replay.env);
});
afterAll(async () => replay?.close());

const stack = useE2eStack({ env, database: 'prefer-postgres' });
const ORLANDO = { latitude: 28.5383, longitude: -81.3792, accuracy: 20 };

async function expectToast(page: Page, title: string) {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor({ state: 'visible', timeout: 30_000 });
}

async function signedInPage(email: string, tier?: Parameters<typeof devSignIn>[2], options: { width?: number; colorScheme?: 'light' | 'dark' } = {}) {
  const page = await stack.newPage(options);
  await hideBetaBanner(page);
  await devSignIn(page, email, tier);
  return page;
}

async function noSeriousViolations(page: Page) {
  const { violations, report } = await seriousAccessibilityViolations(page);
  expect(violations, report).toEqual([]);
}

describe('staff tools', () => {
  // New people for each attempt: a retried journey would otherwise find its first attempt's help request
  // and its 403 counted into the error row that attempt resolved (a sender's repeats within a minute are
  // one row). The second test uses the last attempt's.
  let bossEmail = '';
  let targetEmail = '';
  let requesterEmail = '';
  let replyTo = '';

  it('a super_admin runs the product from the staff pages, and a rolled-out feature reaches the Pro user', async () => {
    [bossEmail, targetEmail, requesterEmail, replyTo] = [uniqueEmail('boss'), uniqueEmail('target'), uniqueEmail('requester'), uniqueEmail('reply-to')];
    // Someone asks for help and, curious, knocks on a staff endpoint: that 403 is in the error log.
    const requester = await signedInPage(requesterEmail, 'basic');
    const help = await requester.request.post('/api/help-request', {
      data: { name: 'Rita Requester', email: replyTo, subject: 'weather', message: 'Why is the Kp index missing today?' },
      headers: { origin: stack.app.url },
    });
    expect(help.status()).toBe(201);
    expect((await requester.request.get('/api/admin/errors')).status()).toBe(403);
    // The target exists as a basic user.
    const target = await signedInPage(targetEmail, 'basic');
    await target.close();

    const page = await signedInPage(bossEmail, 'super_admin');

    // The Profile Admin tab links to every tool.
    await visitSignedIn(page, '/profile');
    await page.getByRole('tab', { name: 'Admin' }).click();
    const tools = page.getByTestId('admin-tools');
    await expect.poll(() => tools.getByRole('link').allInnerTexts()).toHaveLength(6);
    await saveScreenshot(page, 'admin-profile-tab');

    // User Management: find the user by e-mail and make them Pro.
    await tools.getByRole('link', { name: /User Management/ }).click();
    await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
    await page.getByTestId('update-tier').click();
    await expectToast(page, 'Please select both a user and a tier');
    await page.getByTestId('user-search').fill(targetEmail);
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    await page.getByRole('button', { name: `Select ${targetEmail}` }).click();
    await page.getByLabel('Tier', { exact: true }).selectOption('pro');
    await page.getByTestId('update-tier').click();
    await expectToast(page, 'Tier Updated');
    await expectText(page.getByTestId('user-row').getByTestId('user-tier'), 'pro');
    await expectText(page.getByTestId('user-row').getByTestId('tier-change'), `basic → pro by ${bossEmail}`);

    // Error Management: the 403 is there, resolved with a note, and leaves the unresolved list.
    await visitSignedIn(page, '/admin/errors');
    await page.getByLabel('Path contains').fill('/api/admin/errors');
    const row = page.getByTestId('error-row').filter({ hasText: 'GET /api/admin/errors' }).first();
    await expectText(row.getByTestId('status-badge'), '403 Client Error');
    await row.getByRole('button', { name: /^Resolve/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve error' });
    await dialog.getByLabel('Notes').fill('  A pilot tried a staff page; refused as it should be.  ');
    await dialog.getByTestId('confirm-resolve').click();
    await expectToast(page, 'Error Resolved');
    // The rows still listed, if any, are what a failure shows.
    await expect.poll(() => page.getByTestId('error-row').allInnerTexts(), { timeout: 30_000 }).toEqual([]);
    await page.getByText('No unresolved errors found').waitFor();
    await page.getByTestId('include-resolved').click();
    await expectText(page.getByTestId('resolution').first(), 'A pilot tried a staff page; refused as it should be.');

    // Help Request Management: nothing changed is 'No Changes'; the answer is mailed to the requester.
    await visitSignedIn(page, '/admin/help-requests');
    await expectText(page.getByTestId('help-stats'), /Open\s*[1-9]/);
    // This attempt's request (its reply address is shown on the row).
    await page.getByTestId('help-row').filter({ hasText: replyTo }).getByRole('button').click();
    const detail = page.getByRole('dialog');
    await detail.getByTestId('save-help-request').click();
    await expectToast(page, 'No Changes');
    await detail.getByLabel('Status').selectOption('resolved');
    await detail.getByLabel(/Response to the requester/).fill('The Kp feed was down for an hour; it is back now.');
    await detail.getByTestId('save-help-request').click();
    await expectToast(page, 'Help Request Updated');
    await expectText(page.getByTestId('help-stats'), /Resolved\s*1/);
    await expect
      .poll(async () => (await stack.app.query<{ text: string }>('select text from mail_outbox where "to" = $1', [replyTo])).map((m) => m.text).join(''), {
        timeout: 30_000,
      })
      .toContain('The Kp feed was down for an hour; it is back now.');

    // Developer Features: create the gated feature, make it ready and roll it out to pro.
    await visitSignedIn(page, '/developer/features');
    await page.getByTestId('create-feature').click();
    await page.getByText('Feature name is required').waitFor();
    await page.getByRole('button', { name: 'Fill in fly-windows-48h' }).click();
    await page.getByLabel('Rollout plan (optional)').fill('Pro first, then everyone.');
    await page.getByTestId('create-feature').click();
    await expectToast(page, 'Feature Created');
    const feature = page.getByTestId('feature-row').filter({ hasText: 'fly-windows-48h' });
    await feature.getByLabel('Status of fly-windows-48h').selectOption('testing');
    await expectText(feature.getByTestId('feature-status'), 'Testing');
    await feature.getByLabel('Status of fly-windows-48h').selectOption('ready_for_production');
    await expectText(feature.getByTestId('feature-status'), 'Ready for Production');
    await feature.getByRole('button', { name: 'Roll out fly-windows-48h' }).click();
    const rollout = page.getByRole('dialog', { name: 'Roll out fly-windows-48h' });
    await rollout.getByLabel('pro', { exact: true }).check();
    await rollout.getByTestId('confirm-rollout').click();
    await expectToast(page, 'Feature Rolled Out');
    await expectText(feature.getByTestId('feature-tiers'), 'Rolled out to pro');

    // Analytics: the figures of this product.
    await visitSignedIn(page, '/admin/analytics');
    await expect.poll(async () => Number(await page.getByTestId('figure-total-users').textContent())).toBeGreaterThanOrEqual(3);
    await page.getByTestId('dau-chart').waitFor();
    await noSeriousViolations(page);

    // The Pro user sees the feature on the forecast; a basic user does not.
    for (const [email, sees] of [
      [targetEmail, true],
      [requesterEmail, false],
    ] as const) {
      const pilot = await stack.newPage();
      await pilot.context().grantPermissions(['geolocation']);
      await pilot.context().setGeolocation(ORLANDO);
      await hideBetaBanner(pilot);
      await devSignIn(pilot, email);
      await visitSignedIn(pilot, '/forecast');
      await pilot.getByTestId('flight-score').waitFor({ timeout: 30_000 });
      if (sees) {
        await pilot.getByTestId('fly-windows-card').waitFor();
        await pilot.getByTestId('fly-windows').waitFor();
        expect(await pilot.getByTestId('fly-windows').getByRole('listitem').count()).toBeGreaterThan(0);
        await saveScreenshot(pilot, 'admin-pro-fly-windows');
      } else {
        await pilot.waitForTimeout(500);
        expect(await pilot.getByTestId('fly-windows-card').count()).toBe(0);
      }
    }
  });

  it('looks right at 1280 and 375 px, light and dark', async () => {
    // A few fresh failures, so the error list has rows to show.
    const pilot = await signedInPage(requesterEmail);
    expect((await pilot.request.get('/api/admin/users')).status()).toBe(403);
    expect((await pilot.request.put('/api/drones/1', { data: { serialNumber: '' }, headers: { origin: stack.app.url } })).status()).toBe(400);
    expect((await pilot.request.get('/api/no-such-thing')).status()).toBe(404);
    await pilot.close();
    const pages = [
      ['/admin/users', 'user-management-page'],
      ['/admin/errors', 'error-management-page'],
      ['/admin/help-requests', 'help-request-management-page'],
      ['/developer/features', 'developer-features-page'],
      ['/admin/analytics', 'analytics-page'],
      ['/drone-icons', 'drone-icons-page'],
    ] as const;
    for (const size of [DESKTOP, MOBILE]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await signedInPage(bossEmail, undefined, { width: size.width, colorScheme });
        for (const [path, testId] of pages) {
          await visitSignedIn(page, path);
          await page.getByTestId(testId).waitFor();
          await expect.poll(() => page.getByTestId('spinner').count(), { timeout: 15_000 }).toBe(0);
          // Nothing sticks out sideways at phone width.
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          await saveScreenshot(page, `admin${path.replace(/\//g, '-')}`);
        }
        await page.close();
      }
    }
  });
});
