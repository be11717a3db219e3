import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Tier } from '../../src/shared/tiers.ts';
import { devSignIn, uniqueEmail } from '../support/e2e/browser.ts';
import { useE2eStack } from '../support/e2e/stack.ts';
import { expectToolsMenu, visit, visitSignedIn, waitForSignInScreen } from '../support/e2e/ui.ts';

// The developer gets the tier from DEVELOPER_EMAILS at sign-in; the others choose it in the developer sign-in.
const developer = uniqueEmail('dev.user');
const stack = useE2eStack({ env: { DEVELOPER_EMAILS: developer } });

const ACCESS_RESTRICTED =
  'This feature is only available to administrators and developers. You need admin or developer access to view this page.';

async function signedIn(tier: Tier | 'developer-by-config'): Promise<Page> {
  const page = await stack.newPage();
  if (tier === 'developer-by-config') await devSignIn(page, developer);
  else await devSignIn(page, uniqueEmail(tier), tier);
  // A named business: otherwise the setup modal (doc 2 §2) opens over home and hides the navbar.
  if (tier === 'business') expect((await page.request.post('/api/business-profile/setup', { data: { companyName: 'Navigation Test Co' } })).ok()).toBe(true);
  return page;
}

/** The heading of a page or status card, exactly. */
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

describe('Tools menu per tier', () => {
  const base = ['My Drones', 'Flight Logbook'];
  const cases: [Tier | 'developer-by-config', string, string[]][] = [
    ['basic', 'a basic user', [...base, 'Weather Forecast', 'UAS Facilities']],
    ['business', 'a business user', [...base, 'Documents', 'Weather Forecast', 'UAS Facilities', 'Company Setup']],
    ['admin', 'an admin', [...base, 'Weather Forecast', 'UAS Facilities', 'Pricing & Upgrade']],
    ['developer-by-config', 'a developer (by DEVELOPER_EMAILS)', [...base, 'Weather Forecast', 'UAS Facilities', 'Pricing & Upgrade']],
  ];
  for (const [tier, who, items] of cases) {
    it(`shows ${items.join(', ')} to ${who}`, async () => {
      const page = await signedIn(tier);
      await visitSignedIn(page, '/');
      await expectToolsMenu(page, items);
    });
  }

  it('takes the user to the item chosen', async () => {
    const page = await signedIn('basic');
    await visitSignedIn(page, '/');
    await page.getByRole('button', { name: 'Tools' }).click();
    await page.getByRole('menuitem', { name: 'Flight Logbook' }).click();
    await page.waitForURL((url) => url.pathname === '/logbook');
  });
});

describe('route guards', () => {
  it('shows Access Restricted on /admin/users to a basic user', async () => {
    const page = await signedIn('basic');
    await visitSignedIn(page, '/admin/users');
    await heading(page, 'Access Restricted').waitFor();
    expect((await page.getByTestId('access-restricted').innerText()).replace(/\s+/g, ' ')).toContain(ACCESS_RESTRICTED);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows User Management on /admin/users to an admin', async () => {
    const page = await signedIn('admin');
    await visitSignedIn(page, '/admin/users');
    await heading(page, 'User Management').waitFor();
    expect(await heading(page, 'Access Restricted').count()).toBe(0);
  });

  it('lets a developer (by DEVELOPER_EMAILS) through the staff guard', async () => {
    const page = await signedIn('developer-by-config');
    await visitSignedIn(page, '/developer/features');
    await heading(page, 'Developer Features').waitFor();
    expect(await heading(page, 'Access Restricted').count()).toBe(0);
  });

  it('shows Access Denied on /analytics to an admin who is not a super admin', async () => {
    const page = await signedIn('admin');
    await visitSignedIn(page, '/analytics');
    await heading(page, 'Access Denied').waitFor();
    expect(await page.getByText('Super admin access required.', { exact: true }).isVisible()).toBe(true);
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await signedIn('basic');
    await visitSignedIn(page, '/no-such-page-here');
    await heading(page, '404 Page Not Found').waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?', { exact: true }).isVisible()).toBe(true);
  });

  it('redirects /weather to /forecast', async () => {
    const page = await signedIn('basic');
    await visitSignedIn(page, '/weather');
    await page.waitForURL((url) => url.pathname === '/forecast');
    expect(await heading(page, '404 Page Not Found').count()).toBe(0);
  });

  it('shows the sign-in screen on /drones when signed out', async () => {
    const page = await stack.newPage();
    await visit(page, '/drones');
    await waitForSignInScreen(page);
    expect(new URL(page.url()).pathname).toBe('/drones');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  });
});
