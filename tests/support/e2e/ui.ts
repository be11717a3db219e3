import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { STORAGE_KEYS } from '../../../src/shared/constants.ts';

/**
 * Small steps the journeys share. They wait on roles, names and test ids the web app gives its
 * controls, never on fixed sleeps.
 */

/** Waits until the signed-in shell is up: the main navigation bar. */
export async function waitForNavbar(page: Page): Promise<Locator> {
  const navbar = page.getByRole('navigation', { name: 'Main' });
  await navbar.waitFor({ state: 'visible' });
  return navbar;
}

/** The sign-in screen (doc 1 §2): its "Continue with SSO" button. */
export async function waitForSignInScreen(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue with SSO' }).waitFor({ state: 'visible' });
}

/** Opens the avatar menu and returns it. */
export async function openUserMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor({ state: 'visible' });
  return menu;
}

/**
 * Opens the Tools menu and waits until its items are exactly `expected`: the tier-dependent ones appear
 * once the tier has loaded, so the menu is polled, not read once.
 */
export async function expectToolsMenu(page: Page, expected: string[]): Promise<void> {
  const navbar = await waitForNavbar(page);
  await navbar.getByRole('button', { name: 'Tools' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor({ state: 'visible' });
  await expect
    .poll(async () => (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim()), { timeout: 15_000, interval: 100 })
    .toEqual(expected);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
}

/** Polls a locator's text until it contains `text`; fails with the text it last saw. */
export async function expectText(locator: Locator, text: string | RegExp, timeout = 15_000): Promise<void> {
  await expect
    .poll(async () => ((await locator.count()) > 0 ? ((await locator.first().textContent()) ?? '') : ''), { timeout, interval: 100 })
    .toMatch(typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text);
}

/** Goes to a path of the app and waits until the app has rendered past its "Loading" state. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByTestId('app-loading').waitFor({ state: 'detached' });
}

/**
 * Goes to a signed-in path and waits for the navbar and for the navbar's own tier request, so what
 * depends on the tier (Tools items, guards) is decided by the time the caller looks.
 */
export async function visitSignedIn(page: Page, path: string): Promise<void> {
  const tier = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/tier' && r.request().method() === 'GET');
  await page.goto(path);
  const response = await tier;
  if (!response.ok()) throw new Error(`GET /api/user/tier answered ${response.status()} on ${path}`);
  await waitForNavbar(page);
}

/** Pages that should not be disturbed by the 8-second beta banner (screenshots, layout checks). */
export async function hideBetaBanner(page: Page): Promise<void> {
  await page.addInitScript((key) => localStorage.setItem(key, 'true'), STORAGE_KEYS.bannerHidden);
}
