import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/e2e/axe.ts';
import { devSignIn, MOBILE, saveScreenshot, uniqueEmail } from '../support/e2e/browser.ts';
import { useE2eStack } from '../support/e2e/stack.ts';
import { expectText, hideBetaBanner, visitSignedIn } from '../support/e2e/ui.ts';

/**
 * Issue 16's dead ends, walked in Chromium: the duplicate serial, Make Primary's name, the flight
 * form's default drone and the CSV that is not a flight log. Axe runs on each state.
 */
const stack = useE2eStack();

async function noSeriousAxe(page: Page) {
  const { violations, report } = await seriousAccessibilityViolations(page);
  expect(violations, report).toEqual([]);
}

async function addDrone(page: Page, serial: string, manufacturer: string, model: string) {
  await page.getByTestId('add-drone').click();
  const dialog = page.getByRole('dialog', { name: 'Add Drone' });
  await dialog.waitFor();
  await dialog.getByLabel('Serial Number').fill(serial);
  await dialog.getByLabel('Manufacturer', { exact: true }).selectOption(manufacturer);
  await dialog.getByLabel('Model', { exact: true }).selectOption(model);
  await dialog.getByTestId('drone-save').click();
  return dialog;
}

describe('no dead ends (issue 16)', () => {
  it('refuses a duplicate serial, names Make Primary by its label, preselects the primary drone, refuses a CSV that is not a log', async () => {
    const page = await stack.newPage();
    await hideBetaBanner(page);
    await devSignIn(page, uniqueEmail('dead-ends'), 'pro');
    await visitSignedIn(page, '/drones');
    await page.getByRole('heading', { name: 'Drones', level: 1 }).waitFor();

    await (await addDrone(page, 'SN-A1', 'DJI', 'Mavic 3')).waitFor({ state: 'hidden' });
    await (await addDrone(page, 'SN-B2', 'DJI', 'Air 3')).waitFor({ state: 'hidden' });
    // The same serial from the same maker again: refused, said on the field, the dialog stays open.
    const dup = await addDrone(page, 'sn-a1', 'DJI', 'Mini 4 Pro');
    await expectText(dup, 'You already have a drone from this manufacturer with this serial number');
    await noSeriousAxe(page);
    await saveScreenshot(page, 'dead-ends-duplicate-serial');
    await dup.getByRole('button', { name: 'Cancel' }).click();
    await dup.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('drone-row').count()).toBe(2);

    // The accessible name starts with the visible label (axe: label-content-name-mismatch).
    const make = page.getByRole('button', { name: /^Make Primary/ });
    expect(await make.count()).toBe(1);
    await make.click();
    await expectText(page.getByTestId('drone-row').first(), 'DJI Air 3');
    await noSeriousAxe(page);

    // Add Flight Log opens on the primary drone, as the Drones page promises.
    await visitSignedIn(page, '/logbook');
    await page.getByRole('heading', { name: 'Flight Logbook' }).waitFor();
    await page.getByTestId('add-flight-log').click();
    const form = page.getByRole('dialog', { name: 'Add Flight Log' });
    await form.waitFor();
    await expect.poll(async () => form.getByLabel('Drone').evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '')).toBe('DJI Air 3 (Primary)');
    await noSeriousAxe(page);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });

    // A CSV that is not a flight log is refused at once, with what was expected; no question is asked.
    await expect.poll(() => page.getByTestId('import-csv').isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByTestId('import-file').setInputFiles({ name: 'hello.csv', mimeType: 'text/csv', buffer: Buffer.from('hello,world\nfoo,bar\n') });
    const toast = page.getByTestId('toast').filter({ hasText: 'does not look like a flight log' });
    await toast.waitFor({ timeout: 30_000 });
    await expectText(toast, 'This file has no date or time column: it does not look like a flight log. We read AirData, DJI, Litchi and logbook CSV files.');
    expect(await page.getByRole('dialog', { name: 'AI Needs Clarification' }).count()).toBe(0);
    await noSeriousAxe(page);
    await saveScreenshot(page, 'dead-ends-not-a-log');
  });

  it('the duplicate serial message fits a phone screen', async () => {
    const page = await stack.newPage({ width: MOBILE.width, colorScheme: 'dark' });
    await hideBetaBanner(page);
    await devSignIn(page, uniqueEmail('dead-ends-mobile'), 'pro');
    await visitSignedIn(page, '/drones');
    await page.getByRole('heading', { name: 'Drones', level: 1 }).waitFor();
    await (await addDrone(page, 'SN-M1', 'DJI', 'Mavic 3')).waitFor({ state: 'hidden' });
    const dup = await addDrone(page, 'SN-M1', 'DJI', 'Mavic 3');
    await expectText(dup, 'You already have a drone from this manufacturer with this serial number');
    await noSeriousAxe(page);
    await saveScreenshot(page, 'dead-ends-duplicate-serial');
  });
});
