import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/e2e/axe.ts';
import { DESKTOP, devSignIn, MOBILE, saveScreenshot, uniqueEmail } from '../support/e2e/browser.ts';
import { useE2eStack } from '../support/e2e/stack.ts';
import { expectText, visitSignedIn } from '../support/e2e/ui.ts';

const stack = useE2eStack();

/** Bridgeview Heliport (0NY4), Kingston NY, in the bundled data. */
const HELIPORT = { latitude: 41.9827, longitude: -73.9632 };

const center = async (page: Page) => (await page.getByTestId('map-frame').getAttribute('data-center')) ?? '';
const zoom = async (page: Page) => Number(await page.getByTestId('map-frame').getAttribute('data-zoom'));
const settled = (page: Page) => page.getByTestId('facilities-loading').waitFor({ state: 'detached', timeout: 90_000 });

describe('UAS facilities map', () => {
  it('searches SFO, reads its rules, locates the pilot near a heliport, zooms and drags', async () => {
    const page = await stack.newPage(DESKTOP);
    await devSignIn(page, uniqueEmail('facilities'), 'basic');

    // The Tools menu links the page for a basic user (doc 3 §6: no role needed).
    await visitSignedIn(page, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Tools' }).click();
    await page.getByRole('menuitem', { name: 'UAS Facilities' }).click();
    await page.getByRole('heading', { level: 1, name: 'UAS Facilities' }).waitFor();
    await page.getByRole('heading', { name: 'UAS Facilities Map' }).waitFor();

    // Geolocation is asked on load; without permission the spec's message shows and the map stays on the US.
    await expectText(page.getByTestId('geolocation-error'), 'Unable to get your location. Location access was denied. Please enable location permissions and try again.');
    await settled(page);
    expect(await zoom(page)).toBe(6);
    await expectText(page.getByTestId('facilities-shown'), /^\d+ facilities shown$/);
    expect(await page.locator('.fac-marker').count()).toBeGreaterThan(100);
    await expectText(page.locator('.leaflet-control-attribution'), 'OurAirports contributors, ODbL');
    await expectText(page.getByTestId('airport-data-notice'), 'special-use airspace is not shown');

    // An empty search does nothing; Enter searches; a miss says so.
    await page.getByTestId('facility-search-input').fill('   ');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('search-message').count()).toBe(0);
    await page.getByTestId('facility-search-input').fill('zzqq');
    await page.keyboard.press('Enter');
    await expectText(page.getByTestId('search-message'), 'No facility found with identifier "ZZQQ". The external API may be temporarily unavailable.', 60_000);

    // A hit centres the map on it, selects it and shows only it, with its rules.
    await page.getByTestId('facility-search-input').fill('sfo');
    await page.getByTestId('facility-search-button').click();
    const detail = page.getByTestId('facility-detail');
    // A loaded machine (CI shares two cores) can make the first search slow: wait for the answer, not a clock.
    await detail.getByRole('heading', { name: 'San Francisco International Airport' }).waitFor({ timeout: 60_000 });
    await expectText(detail, 'LAANC Required');
    await expectText(detail, 'Restrictions & Notes');
    await expectText(page.getByTestId('facility-rule'), 'No-fly zone: LAANC authorisation required up to the UAS facility map altitude');
    await expectText(page.getByTestId('facility-list'), 'Facilities (1)');
    await expectText(page.getByTestId('facilities-shown'), '1 facilities shown');
    await expect.poll(() => center(page)).toBe('37.620,-122.375');
    // The popup: name, city/state, coordinates to 4 decimals, elevation in ft.
    const popup = page.locator('.leaflet-popup-content');
    await expectText(popup, 'San Francisco, CA');
    await expectText(popup, '37.6198, -122.3748');
    await expectText(popup, 'Elevation 13 ft');
    // The label shows for the selected marker; Request LAANC opens the FAA's page in a new tab.
    await expectText(page.locator('.fac-selected .fac-label'), 'KSFO');
    expect(await page.getByTestId('request-laanc').getAttribute('target')).toBe('_blank');
    expect(await page.getByTestId('request-laanc').getAttribute('href')).toBe('https://www.faa.gov/uas/getting_started/laanc');
    await saveScreenshot(page, 'facilities-sfo');

    // The pilot's position near a heliport: zoom 10, 'Your Location', and the rule at that point.
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation(HELIPORT);
    await page.getByTestId('use-my-location').click();
    await page.getByTestId('your-location').waitFor({ timeout: 60_000 });
    await expectText(page.getByTestId('use-my-location'), 'Update My Location');
    await expectText(page.locator('main'), 'Showing facilities near your current location');
    await settled(page);
    expect(await zoom(page)).toBe(10);
    await expect.poll(() => center(page)).toBe('41.983,-73.963');
    await expectText(page.getByTestId('point-rule'), 'No controlled airspace or no-fly zone within 5 mi');
    await page.getByTestId('facility-row-0NY4').click();
    await expectText(page.getByTestId('facility-detail'), 'Bridgeview Heliport');
    await expectText(page.getByTestId('facility-rule'), 'Uncontrolled airspace: fly below 400 ft AGL');
    await expectText(page.getByTestId('facility-detail'), 'LAANC authorisation: Not required');

    // Zoom with the map's buttons, and drag: the centre moves and the area reloads around it.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => zoom(page)).toBe(11);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(() => zoom(page)).toBe(9);
    const before = await center(page);
    const box = (await page.getByTestId('facility-map').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2 + 120, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => center(page)).not.toBe(before);
    await settled(page);
    await expectText(page.getByTestId('facilities-shown'), /^\d+ facilities shown$/);

    // Closed fields are off the map until asked for, then drawn greyed (ADR 0027).
    expect(await page.locator('.fac-closed').count()).toBe(0);
    await page.getByTestId('show-closed').check();
    await settled(page);
    await expect.poll(() => page.locator('.fac-closed').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId('show-closed').uncheck();
    await settled(page);
    await expect.poll(() => page.locator('.fac-closed').count()).toBe(0);

    // Reset View keeps the pilot's position; Reset to US forgets it.
    await page.getByRole('button', { name: 'Reset View' }).click();
    await expect.poll(() => zoom(page)).toBe(6);
    await page.getByTestId('your-location').waitFor();
    await page.getByRole('button', { name: 'Reset to US' }).click();
    await page.getByTestId('your-location').waitFor({ state: 'detached' });
    await expectText(page.getByTestId('use-my-location'), 'Use My Location');

    const { violations, report } = await seriousAccessibilityViolations(page);
    expect(violations, report).toEqual([]);
  });

  it.each([
    ['light', DESKTOP],
    ['dark', DESKTOP],
    ['light', MOBILE],
    ['dark', MOBILE],
  ] as const)('reads well in %s at %o', async (colorScheme, size) => {
    const page = await stack.newPage({ ...size, colorScheme });
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 37.6, longitude: -122.36 });
    await devSignIn(page, uniqueEmail('facilities-look'), 'pro');
    await visitSignedIn(page, '/uas-facilities');
    await expectText(page.getByTestId('point-rule'), 'Within 5 nm of KSFO: No-fly zone: LAANC authorisation required');
    await settled(page);
    await page.getByTestId('facility-row-KSFO').click();
    await page.getByTestId('facility-detail').waitFor();
    await settled(page);
    // A full-page picture from the top, so the sticky header sits where a person sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    // Selecting recentres the map, which reloads the circle: the picture waits for that load too.
    await expect.poll(() => page.getByTestId('facilities-loading').count(), { timeout: 90_000 }).toBe(0);
    // Nothing wider than the screen at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await saveScreenshot(page, 'facilities');
    const { violations, report } = await seriousAccessibilityViolations(page);
    expect(violations, report).toEqual([]);
  });
});
