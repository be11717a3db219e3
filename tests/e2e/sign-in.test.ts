import { describe, expect, it } from 'vitest';
import { devSignIn, uniqueEmail } from '../support/e2e/browser.ts';
import { nameForEmail } from '../support/e2e/oidc-server.ts';
import { firstUrl } from '../support/e2e/smtp-server.ts';
import { seriousAccessibilityViolations } from '../support/e2e/axe.ts';
import { useE2eStack } from '../support/e2e/stack.ts';
import { expectText, expectToolsMenu, openUserMenu, visit, waitForNavbar, waitForSignInScreen } from '../support/e2e/ui.ts';

// Given staff rights by configuration, so the OIDC journey also shows ADMIN_EMAILS applied at sign-in.
const oidcAdmin = uniqueEmail('ada.lovelace');
const stack = useE2eStack({ oidc: true, smtp: true, env: { ADMIN_EMAILS: oidcAdmin } });

describe('sign-in through the OpenID Connect provider', () => {
  it('goes from /login through the provider page and the identity provider back into the app, signed in', async () => {
    const page = await stack.newPage();
    await visit(page, '/login');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();

    // E-mail sign-in is configured too, so /api/login lists the providers instead of going straight to the issuer.
    await page.waitForURL((url) => url.pathname === '/login/providers');
    await page.getByRole('link', { name: 'Continue with Single sign-on' }).click();

    await page.waitForURL((url) => url.origin === stack.oidc.issuer);
    await page.getByLabel('Email address').fill(oidcAdmin);
    await page.getByRole('button', { name: 'Sign in with the test provider' }).click();

    await page.waitForURL((url) => url.origin === stack.app.url && url.pathname === '/');
    await waitForNavbar(page);
    expect(stack.oidc.logins).toContain(oidcAdmin);

    const menu = await openUserMenu(page);
    await expectText(menu.getByTestId('user-menu-email'), oidcAdmin);
    // The name came from the provider's claims.
    await expectText(menu.getByTestId('user-menu-name'), nameForEmail(oidcAdmin));
    await page.keyboard.press('Escape');

    await expectToolsMenu(page, ['My Drones', 'Flight Logbook', 'Weather Forecast', 'UAS Facilities', 'Pricing & Upgrade']);
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email: oidcAdmin, emailVerified: true });
  });
});

describe('the login page offers only what works (issue 16)', () => {
  it('lists the configured providers as links that lead to them, and nothing that only looks clickable', async () => {
    const page = await stack.newPage();
    await visit(page, '/login');
    const list = page.getByTestId('login-provider-list');
    // This stack has single sign-on (the button) and e-mail: e-mail is the one link; no Google, GitHub, Apple or X.
    await list.getByRole('link', { name: 'Email' }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    for (const name of ['Google', 'GitHub', 'Apple', 'X']) expect(await page.getByText(name, { exact: true }).count()).toBe(0);
    const axe = await seriousAccessibilityViolations(page);
    expect(axe.violations, axe.report).toEqual([]);
    await list.getByRole('link', { name: 'Email' }).click();
    await page.waitForURL((url) => url.pathname === '/login/providers' && url.hash === '#email');
    await page.getByTestId('email-sign-in-form').waitFor();
  });
});

describe('sign-in through the e-mail link', () => {
  it('mails a link through SMTP that signs the user in at /', async () => {
    const email = uniqueEmail('grace.hopper');
    const page = await stack.newPage();
    await visit(page, '/login/providers');
    const form = page.getByTestId('email-sign-in-form');
    await form.getByLabel('Email address', { exact: true }).fill(email);
    await form.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expectText(page.getByTestId('magic-link-sent'), 'Check your email');

    const mail = await stack.smtp.waitForMail(email);
    expect(mail.subject).toBe('Your Drone Doctor sign-in link');
    const link = firstUrl(mail.text);
    expect(link, `no link in:\n${mail.text}`).toBeDefined();
    expect(new URL(link!).origin).toBe(stack.app.url);

    await page.goto(link!);
    await page.waitForURL((url) => url.origin === stack.app.url && url.pathname === '/');
    await waitForNavbar(page);
    const menu = await openUserMenu(page);
    await expectText(menu.getByTestId('user-menu-email'), email);
  });
});

describe('sign-out', () => {
  it('leaves from the avatar menu to the sign-in screen, and the session is gone', async () => {
    const page = await stack.newPage();
    await devSignIn(page, uniqueEmail('signout'), 'pro');
    await visit(page, '/drones');
    await waitForNavbar(page);

    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Log out' }).click();

    await page.waitForURL((url) => url.pathname === '/login');
    await waitForSignInScreen(page);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    // A signed-in path now shows the sign-in screen again.
    await visit(page, '/drones');
    await waitForSignInScreen(page);
  });
});
