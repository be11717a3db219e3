import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { devSignIn, uniqueEmail } from '../support/e2e/browser.ts';
import { useE2eStack } from '../support/e2e/stack.ts';
import { expectText, visitSignedIn } from '../support/e2e/ui.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const DJI_FIXTURE = resolve(repoRoot, '../shared/fixtures/flight-logs/dji-flightrecord-phantomhelp-p4p-2018-first300rows.csv');

const stack = useE2eStack();

async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.waitFor({ state: 'visible', timeout: 60_000 });
  if (description) await expectText(toast, description);
}

async function addDrone(page: Page, serial: string, manufacturer: string, model: string, custom?: { maker?: string; model?: string }) {
  await page.getByTestId('add-drone').click();
  const dialog = page.getByRole('dialog', { name: 'Add Drone' });
  await dialog.waitFor();
  await dialog.getByLabel('Serial Number').fill(serial);
  await dialog.getByLabel('Manufacturer', { exact: true }).selectOption(manufacturer);
  if (custom?.maker) await dialog.getByLabel('Manufacturer Name').fill(custom.maker);
  if (manufacturer !== 'Other') await dialog.getByLabel('Model', { exact: true }).selectOption(model);
  if (custom?.model) await dialog.getByLabel('Model Name').fill(custom.model);
  await dialog.getByTestId('drone-save').click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('drones and the flight logbook', () => {
  it('registers drones up to the limit, logs, imports, bulk-edits and exports flights', async () => {
    const email = uniqueEmail('logbook');
    const page = await stack.newPage();
    await devSignIn(page, email, 'hobbyist');
    await visitSignedIn(page, '/drones');
    await page.getByRole('heading', { name: 'Drones', level: 1 }).waitFor();

    // The form's own messages before anything is sent.
    await page.getByTestId('add-drone').click();
    const form = page.getByRole('dialog', { name: 'Add Drone' });
    await form.getByTestId('drone-save').click();
    await form.getByText('Serial number is required', { exact: true }).waitFor();
    await form.getByText('Manufacturer is required', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });

    await addDrone(page, 'SN-ONE', 'DJI', 'Mavic 3');
    await addDrone(page, 'SN-TWO', 'Other', 'Other', { maker: 'Acme', model: 'Hawk' });
    await addDrone(page, 'SN-THREE', 'Parrot', 'Anafi');
    await expect.poll(() => page.getByTestId('drone-row').count()).toBe(3);
    // The first drone is primary and listed first.
    await expectText(page.getByTestId('drone-row').first(), 'Primary');
    await expectText(page.getByTestId('drone-row').first(), 'DJI Mavic 3');

    // The fourth: the button is disabled with the plan's hint, and the server refuses it too.
    expect(await page.getByTestId('add-drone').isDisabled()).toBe(true);
    await expectText(page.getByTestId('drone-limit-hint'), 'Your Hobbyist plan allows 3 drones.');
    // Payments are off here: /pricing would be staff-only, so the hint offers no link to it.
    expect(await page.getByTestId('drone-limit-see-plans').count()).toBe(0);
    const refused = await page.request.post('/api/drones', { data: { serialNumber: 'SN-FOUR', manufacturer: 'DJI', model: 'Air 3' } });
    expect(refused.status()).toBe(403);

    // Make the Parrot primary: it moves to the top.
    await page.getByRole('button', { name: 'Make Primary: Parrot Anafi' }).click();
    await expectText(page.getByTestId('drone-row').first(), 'Parrot Anafi');

    // Log a flight.
    await visitSignedIn(page, '/logbook');
    await page.getByRole('heading', { name: 'Flight Logbook' }).waitFor();
    await expectText(page.getByTestId('stat-drones'), '3');
    await page.getByTestId('add-flight-log').click();
    const logForm = page.getByRole('dialog', { name: 'Add Flight Log' });
    await logForm.getByLabel('Duration (minutes)').fill('0');
    await logForm.getByText('Flight duration must be at least 1 minute', { exact: true }).waitFor();
    await logForm.getByLabel('Duration (minutes)').fill('95');
    await logForm.getByLabel('Drone').selectOption({ label: 'DJI Mavic 3' });
    await logForm.getByLabel('Flight Date').fill('2025-03-04');
    await logForm.getByLabel('Location (optional)').fill('Riverside');
    await logForm.getByTestId('flight-log-save').click();
    await logForm.waitFor({ state: 'hidden' });
    await expectText(page.getByTestId('flight-row').first(), 'Mar 04, 2025');
    await expectText(page.getByTestId('flight-row').first(), '1h 35m');
    await expectText(page.getByTestId('stat-hours'), '1.6');
    // A hobbyist sees the import tip; a pro may import.
    await expectText(page.getByTestId('import-tip'), 'Upgrade to Pro, Team, or Enterprise for AI CSV Import');
    expect(await page.getByTestId('import-see-plans').count()).toBe(0);

    // Signed in again as a pro (a signed-in request to the dev sign-in needs an Origin; a fresh one does not).
    await page.context().clearCookies();
    await devSignIn(page, email, 'pro');
    await visitSignedIn(page, '/logbook');
    await expect.poll(() => page.getByTestId('import-csv').isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByTestId('import-file').setInputFiles(DJI_FIXTURE);
    const clarify = page.getByRole('dialog', { name: 'AI Needs Clarification' });
    const done = page.getByTestId('toast').filter({ hasText: 'AI Import Complete' });
    await Promise.race([clarify.waitFor({ timeout: 90_000 }), done.waitFor({ timeout: 90_000 })]);
    if (await clarify.isVisible()) {
      await clarify.getByRole('textbox', { name: 'Your answer' }).fill('Create a new drone');
      await clarify.getByTestId('clarify-continue').click();
    }
    await expectToast(page, 'AI Import Complete', /AI found 1 flights, imported 1 successfully/);
    await expect.poll(() => page.getByTestId('flight-row').count(), { timeout: 20_000 }).toBe(2);
    await expectText(page.getByTestId('flight-row').filter({ hasText: 'Jul 04, 2018' }), '4m');

    // Bulk edit both flights: type and an appended note.
    // Select all asks the server for every id first: the box is checked a moment after the click.
    await page.getByTestId('select-all').click();
    await expectText(page.getByTestId('bulk-actions'), '2 selected');
    await page.getByTestId('bulk-edit').click();
    const bulk = page.getByRole('dialog', { name: 'Bulk Edit Flight Logs' });
    await bulk.getByTestId('bulk-edit-apply').click();
    await expectToast(page, 'No Changes', 'Please enter values to update');
    await bulk.getByLabel('Flight Type').selectOption('training');
    await bulk.getByLabel('Notes (appended)').fill('Checked by instructor');
    await bulk.getByTestId('bulk-edit-apply').click();
    await expectToast(page, 'Bulk Edit Complete', 'Updated 2 flight logs');
    await expect.poll(() => page.getByTestId('flight-type').filter({ hasText: 'Training' }).count()).toBe(2);
    expect(await page.getByTestId('select-all').isChecked()).toBe(false);

    // Export: the file name and its rows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toBe(`flight-logs-${new Date().toISOString().slice(0, 10)}.csv`);
    const path = await download.path();
    const csv = readFileSync(path, 'utf8');
    const rows: Record<string, string>[] = parse(csv.replace(/^\uFEFF/, ''), { columns: true });
    expect(rows).toHaveLength(2);
    const text = JSON.stringify(rows);
    expect(text).toContain('2025-03-04');
    expect(text).toContain('2018-07-04');
    expect(text).toContain('Riverside');
    for (const row of rows) {
      expect(JSON.stringify(row)).toContain('Checked by instructor');
      expect(JSON.stringify(row).toLowerCase()).toContain('training');
    }
    await expectToast(page, 'Export Successful', 'Flight logs exported to CSV file');
  });

  it('pages a logbook larger than one page: Load more, select all of it, totals from the server', async () => {
    const page = await stack.newPage();
    await devSignIn(page, uniqueEmail('logbook-pages'), 'pro');
    const origin = { origin: stack.app.url };
    const drone = await page.request.post('/api/drones', { headers: origin, data: { serialNumber: 'SN-PAGES', manufacturer: 'DJI', model: 'Mavic 3' } });
    expect(drone.status()).toBe(201);
    // 120 flights of 1 to 30 minutes, through the product's import (one drone: no question).
    const lines = ['Date,Takeoff Time (UTC),Minutes'];
    let minutes = 0;
    for (let i = 0; i < 120; i++) {
      const d = new Date(Date.UTC(2023, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      lines.push(`${d},${String(6 + (i % 12)).padStart(2, '0')}:00:00,${1 + (i % 30)}`);
      minutes += 1 + (i % 30);
    }
    const imported = await page.request.post('/api/flight-logs/import/csv', { headers: { ...origin, 'content-type': 'text/csv' }, data: lines.join('\n') });
    expect(imported.status(), await imported.text()).toBe(200);

    await visitSignedIn(page, '/logbook');
    await expectText(page.getByTestId('stat-flights'), '120');
    await expectText(page.getByTestId('stat-hours'), (Math.round((minutes / 60) * 10) / 10).toFixed(1));
    await expect.poll(() => page.getByTestId('flight-row').count()).toBe(50);
    await expectText(page.getByTestId('flights-shown'), 'Showing 50 of 120 flights');
    // Newest first.
    await expectText(page.getByTestId('flight-row').first(), 'Apr 30, 2023');
    await page.getByTestId('load-more').click();
    await expect.poll(() => page.getByTestId('flight-row').count()).toBe(100);
    await page.getByTestId('load-more').click();
    await expect.poll(() => page.getByTestId('flight-row').count()).toBe(120);
    expect(await page.getByTestId('load-more').count()).toBe(0);
    await expectText(page.getByTestId('flight-row').last(), 'Jan 01, 2023');

    // Select all is every flight, not the 50 on screen after a reload.
    await visitSignedIn(page, '/logbook');
    await expect.poll(() => page.getByTestId('flight-row').count()).toBe(50);
    // The ids come from the server first, so the box is checked a moment after the click.
    await page.getByTestId('select-all').click();
    await expectText(page.getByTestId('bulk-actions'), '120 selected');
    await page.getByTestId('bulk-edit').click();
    const bulk = page.getByRole('dialog', { name: 'Bulk Edit Flight Logs' });
    await bulk.getByLabel('Flight Type').selectOption('inspection');
    await bulk.getByTestId('bulk-edit-apply').click();
    await expectToast(page, 'Bulk Edit Complete', 'Updated 120 flight logs');
    const types = await page.request.get('/api/flight-logs?limit=200');
    const body = (await types.json()) as { flightLogs: { flightType: string }[] };
    expect(body.flightLogs.filter((f) => f.flightType === 'inspection')).toHaveLength(120);

    await page.getByTestId('select-all').click();
    await expectText(page.getByTestId('bulk-actions'), '120 selected');
    await page.getByTestId('bulk-delete').click();
    await expectText(page.getByTestId('delete-confirm'), 'Delete 120 selected flights?');
    await page.getByTestId('confirm-delete').click();
    await expectToast(page, 'Flights Deleted', 'Deleted 120 flight logs');
    await page.getByTestId('no-flights').waitFor();
    await expectText(page.getByTestId('stat-flights'), '0');
  });
});
