import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Tier } from '../../../src/shared/tiers.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const SCREENSHOT_DIR = join(root, 'test-results/screenshots');
export const FAILURE_DIR = join(root, 'test-results/failures');

/** Debian's Chromium (DESIGN §2): never a test tool's own browser download. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags every headless Chromium of ours starts with (a closed network: no background calls). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright gives every launch a fresh temporary user-data-dir and removes it on close. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}

export interface PageOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 812 } as const;

/** A fresh context (its own cookies and storage) and page at the given viewport and colour scheme. */
export async function openPage(browser: Browser, baseURL: string, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const width = options.width ?? DESKTOP.width;
  const height = options.height ?? (width < 768 ? MOBILE.height : DESKTOP.height);
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    colorScheme: options.colorScheme ?? 'light',
    isMobile: false,
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Signs a user in through the developer sign-in (AUTH_DEV_LOGIN). page.request shares the context's
 * cookie jar, so the page is signed in afterwards.
 */
export async function devSignIn(page: Page, email: string, tier?: Tier): Promise<{ id: string; email: string }> {
  const response = await page.request.post('/api/dev/login', { data: tier ? { email, tier } : { email } });
  if (!response.ok()) throw new Error(`dev sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string; email: string };
}

/** The theme the app actually rendered: the class it put on <html>. */
export async function renderedTheme(page: Page): Promise<'dark' | 'light'> {
  return (await page.evaluate(() => document.documentElement.classList.contains('dark'))) ? 'dark' : 'light';
}

/** Saves a full-page screenshot to test-results/screenshots/<name>-<width>-<theme>.png and returns the path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = join(SCREENSHOT_DIR, `${name}-${width}-${await renderedTheme(page)}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

let counter = 0;
/** An address no other test or run has used: users a test creates are its own. */
export function uniqueEmail(label: string): string {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return `${label}.${stamp}@e2e.example.com`;
}
