import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/e2e/axe.ts';
import { DESKTOP, devSignIn, MOBILE, renderedTheme, saveScreenshot, uniqueEmail } from '../support/e2e/browser.ts';
import { useE2eStack } from '../support/e2e/stack.ts';
import { startReplayServer, type ReplayServer } from '../support/replay-server.ts';
import { hideBetaBanner, visit, waitForNavbar, waitForSignInScreen } from '../support/e2e/ui.ts';

// The weather services are the replay server (recorded answers), so no page reaches the internet.
let replay: ReplayServer | undefined;
const env: Record<string, string> = {};
beforeAll(async () => {
  replay = await startReplayServer();
  Object.assign(env, replay.env);
});
afterAll(async () => replay?.close());

// With OIDC configured, the provider page shows its single sign-on button beside the e-mail form.
const stack = useE2eStack({ oidc: true, env });

/** Every screen of the foundation, as an admin sees it (the admin sees the staff pages too). */
const ADMIN_PAGES: [name: string, path: string][] = [
  ['home', '/'],
  ['drones', '/drones'],
  ['logbook', '/logbook'],
  ['forecast', '/forecast'],
  ['uas-facilities', '/uas-facilities'],
  ['pricing', '/pricing'],
  ['admin-errors', '/admin/errors'],
  ['admin-documents', '/admin/documents'],
  ['admin-users', '/admin/users'],
  ['admin-help-requests', '/admin/help-requests'],
  ['admin-analytics', '/admin/analytics'],
  ['developer-features', '/developer/features'],
  ['analytics', '/analytics'],
  ['not-found', '/no-such-page'],
];
/** The screens only a business user has. */
const BUSINESS_PAGES: [name: string, path: string][] = [
  ['documents', '/documents'],
  ['company-setup', '/company-setup'],
];

/** Waits until a page has drawn its content: the app past "Loading", a first-level heading, fonts in. */
async function settle(page: Page) {
  await page.getByTestId('app-loading').waitFor({ state: 'detached' });
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  // Spinners (guards checking access, data loading) give way before the picture is taken.
  await page.locator('main').getByTestId('spinner').first().waitFor({ state: 'detached' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function shoot(page: Page, name: string, path: string) {
  await visit(page, path);
  await settle(page);
  const file = await saveScreenshot(page, name);
  expect(existsSync(file), file).toBe(true);
}

/** Screenshots each tab of /profile; `tierTab` is the tab this user's tier adds, shown once the tier has loaded. */
async function profileTabs(page: Page, prefix: string, tierTab: string) {
  await visit(page, '/profile');
  await settle(page);
  const tabs = page.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab');
  await tabs.getByText(tierTab, { exact: true }).waitFor();
  const names = (await tabs.allInnerTexts()).map((t) => t.trim());
  expect(names.length).toBeGreaterThanOrEqual(5);
  for (const name of names) {
    await page.getByRole('tab', { name, exact: true }).click();
    await page.getByRole('tabpanel', { name }).waitFor({ state: 'visible' });
    await saveScreenshot(page, `${prefix}-${name.toLowerCase().replace(/\s+/g, '-')}`);
  }
  return names;
}

describe('screenshots of every page', () => {
  const variants = [
    { size: DESKTOP, colorScheme: 'light' },
    { size: DESKTOP, colorScheme: 'dark' },
    { size: MOBILE, colorScheme: 'light' },
    { size: MOBILE, colorScheme: 'dark' },
  ] as const;

  for (const { size, colorScheme } of variants) {
    it(`at ${size.width} px, ${colorScheme}`, { timeout: 240_000 }, async () => {
      const options = { width: size.width, height: size.height, colorScheme };

      const visitor = await stack.newPage(options);
      await hideBetaBanner(visitor);
      await visit(visitor, '/login');
      await waitForSignInScreen(visitor);
      expect(await renderedTheme(visitor)).toBe(colorScheme);
      await saveScreenshot(visitor, 'login');
      await shoot(visitor, 'login-providers', '/login/providers');

      const admin = await stack.newPage(options);
      await hideBetaBanner(admin);
      await devSignIn(admin, uniqueEmail('shots.admin'), 'admin');
      await visit(admin, '/');
      await waitForNavbar(admin);
      for (const [name, path] of ADMIN_PAGES) await shoot(admin, name, path);
      await profileTabs(admin, 'profile', 'Admin');

      const business = await stack.newPage(options);
      await hideBetaBanner(business);
      await devSignIn(business, uniqueEmail('shots.business'), 'business');
      for (const [name, path] of BUSINESS_PAGES) await shoot(business, name, path);
      await profileTabs(business, 'profile-business', 'Pilots');
    });
  }
});

describe('accessibility (axe, WCAG 2.1 AA): no serious or critical violations', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`on /login, ${colorScheme}`, async () => {
      const page = await stack.newPage({ colorScheme });
      await visit(page, '/login');
      await waitForSignInScreen(page);
      const { violations, report } = await seriousAccessibilityViolations(page);
      expect(violations, report).toEqual([]);
    });

    it(`on /profile (Account tab), ${colorScheme}`, async () => {
      const page = await stack.newPage({ colorScheme });
      await devSignIn(page, uniqueEmail('axe'), 'basic');
      await visit(page, '/profile');
      await settle(page);
      await page.getByTestId('preference-controls').and(page.locator('[aria-busy="false"]')).waitFor();
      const { violations, report } = await seriousAccessibilityViolations(page);
      expect(violations, report).toEqual([]);
    });
  }
});
