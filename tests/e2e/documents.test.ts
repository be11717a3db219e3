import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../fixtures/documents/make-documents.ts';
import { DESKTOP, MOBILE, devSignIn, renderedTheme, saveScreenshot, uniqueEmail } from '../support/e2e/browser.ts';
import { firstUrl, type ReceivedMail } from '../support/e2e/smtp-server.ts';
import { useE2eStack } from '../support/e2e/stack.ts';
import { expectText, hideBetaBanner, visitSignedIn } from '../support/e2e/ui.ts';

const stack = useE2eStack({ smtp: true });

async function mailTo(to: string, subject: RegExp, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = [...stack.smtp.messages].reverse().find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Screenshots at 1280 and 375 px, light and dark, each taken once the app has applied the theme. */
async function screenshots(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => renderedTheme(page)).toBe(colorScheme);
    for (const size of [DESKTOP, MOBILE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, name);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(DESKTOP);
}

async function expectToast(page: Page, title: string) {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor({ state: 'visible', timeout: 30_000 });
}

/** A business with one pilot who accepted the e-mailed invitation (through the API, signed in as the pilot). */
async function businessWithPilot(label: string, companyName: string) {
  const adminEmail = uniqueEmail(`${label}.admin`);
  const pilotEmail = uniqueEmail(`${label}.pilot`);
  const admin = await stack.newPage();
  await hideBetaBanner(admin);
  await devSignIn(admin, adminEmail, 'business');
  const setup = await admin.request.post('/api/business-profile/setup', { data: { companyName, teamMembers: [{ email: pilotEmail }] } });
  expect(setup.status(), await setup.text()).toBe(200);
  const link = firstUrl((await mailTo(pilotEmail, /invited you to fly as a pilot/)).text);
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error('no invitation token');
  const pilot = await stack.newPage();
  await hideBetaBanner(pilot);
  await devSignIn(pilot, pilotEmail, 'basic');
  const accepted = await pilot.request.post('/api/pilots/accept-invitation', { data: { token } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { admin, pilot, adminEmail };
}

async function ask(page: Page, question: string) {
  await visitSignedIn(page, '/');
  const input = page.getByRole('textbox', { name: 'Your question' });
  await expect.poll(() => input.isEnabled(), { timeout: 30_000 }).toBe(true);
  await input.fill(question);
  await page.getByRole('button', { name: 'Send question' }).click();
  const answer = page.getByTestId('ai-message').first();
  await answer.getByTestId('confidence').waitFor({ timeout: 30_000 });
  return answer;
}

const MANUAL = [
  'Contents: 1. Purpose  2. Roof inspections',
  'Roof inspections\nOur maximum wind for roof inspections is 18 mph, measured at the roof line.\nAbort the roof inspection when gusts exceed that limit.',
];

describe('documents: the business knowledge base', () => {
  it('an uploaded, approved manual answers that business pilot with a citation, and no other business', async () => {
    const north = await businessWithPilot('docs.north', 'Northwind Aerial');
    const south = await businessWithPilot('docs.south', 'Southwind Aerial');

    // The administrator uploads the operations manual through the form.
    const dir = mkdtempSync(join(tmpdir(), 'docs-e2e-'));
    const file = join(dir, 'northwind-operations-manual.pdf');
    writeFileSync(file, makePdf(MANUAL));
    const admin = north.admin;
    await visitSignedIn(admin, '/documents');
    await admin.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    await expectText(admin.getByTestId('documents-count'), '0');
    await admin.getByTestId('document-file').setInputFiles(file);
    await admin.getByTestId('document-title').fill('Northwind Operations Manual');
    await admin.getByTestId('upload-document').click();
    await expectToast(admin, 'Document uploaded successfully');
    // The badge turns Ready without a reload (the extraction job ran in the background).
    const row = admin.getByTestId('document-row').first();
    await expectText(row, 'Northwind Operations Manual');
    await expectText(row, 'Ready', 30_000);
    await expectText(admin.getByTestId('documents-count'), '1');
    await expectText(row.getByTestId('review-state'), 'Awaiting review');
    // A scanned PDF (no text layer) is refused with its reason on its row.
    const scanned = join(dir, 'scanned-checklist.pdf');
    writeFileSync(scanned, makePdf([null]));
    await admin.getByTestId('document-file').setInputFiles(scanned);
    await admin.getByTestId('document-title').fill('Scanned checklist');
    await admin.getByTestId('upload-document').click();
    const scannedRow = admin.getByTestId('document-row').filter({ hasText: 'Scanned checklist' });
    await expectText(scannedRow.getByTestId('document-error'), 'This PDF has no text layer', 30_000);
    await expectText(admin.getByTestId('documents-count'), '2');
    await screenshots(admin, 'documents');

    // Staff review it on /admin/documents, reading the extracted text.
    const staff = await stack.newPage();
    await hideBetaBanner(staff);
    await devSignIn(staff, uniqueEmail('docs.staff'), 'admin');
    await visitSignedIn(staff, '/admin/documents');
    await staff.getByRole('heading', { name: 'Document Review' }).waitFor();
    const card = staff.getByTestId('review-document').filter({ hasText: 'Northwind Operations Manual' });
    await card.getByRole('button', { name: 'Show extracted text' }).click();
    // Shown page by page: the rule is on the PDF's second page.
    await expectText(card.getByTestId('extracted-text').getByRole('region', { name: 'Page 2' }), '18 mph');
    await screenshots(staff, 'admin-documents');
    await card.getByTestId('approve-document').click();
    await expectToast(staff, 'Document Approved');
    await staff.getByRole('tab', { name: 'Approved' }).click();
    await staff.getByTestId('review-document').filter({ hasText: 'Northwind Operations Manual' }).waitFor();
    // The business's administrator is told by e-mail that the knowledge base is ready.
    const ready = await mailTo(north.adminEmail, /your knowledge base is ready/);
    expect(ready.subject).toBe('Northwind Aerial: your knowledge base is ready');

    // The Northwind pilot gets the rule, citing the manual; the Southwind pilot gets no trace of it.
    const question = 'What is the maximum wind for roof inspections?';
    const answer = await ask(north.pilot, question);
    await expectText(answer.getByTestId('message-text'), '18 mph');
    // Cited once, with its page: "Northwind Operations Manual, page 2", not the title twice.
    const source = answer.getByTestId('answer-source').filter({ hasText: 'Northwind Operations Manual' });
    await expectText(source, 'Northwind Operations Manual, page 2');
    expect((await source.innerText()).match(/Northwind Operations Manual/g)).toHaveLength(1);
    await saveScreenshot(north.pilot, 'documents-cited-answer');
    // A question the shipped articles answer for every pilot: the business's own limit is shown too,
    // whole and cited (fuse-hits.ts, companyFirst and companyAlongside; ADR 0065, twentieth session).
    const windy = await ask(north.pilot, 'how windy is too windy for us to fly');
    await expectText(windy.getByTestId('message-text'), 'Our maximum wind for roof inspections is 18 mph');
    await expectText(windy.getByTestId('answer-source').filter({ hasText: 'Northwind Operations Manual' }), 'Northwind Operations Manual, page 2');
    await screenshots(north.pilot, 'documents-own-rule');

    const other = await ask(south.pilot, question);
    const otherText = await other.innerText();
    expect(otherText).not.toContain('18 mph');
    expect(otherText).not.toContain('Northwind');
  });

  it('shows the unavailable card to tiers without documents and the Test Functionality card to staff', async () => {
    const basic = await stack.newPage();
    await hideBetaBanner(basic);
    await devSignIn(basic, uniqueEmail('docs.basic'), 'basic');
    await visitSignedIn(basic, '/documents');
    const card = basic.getByTestId('documents-unavailable');
    await expectText(card, 'This feature is available on Team and Enterprise plans.');
    await card.getByRole('link', { name: 'Back to Home' }).waitFor();
    expect(await card.getByRole('link', { name: 'View Team & Enterprise Plans' }).count()).toBe(0);
    await screenshots(basic, 'documents-unavailable');

    const dev = await stack.newPage();
    await hideBetaBanner(dev);
    await devSignIn(dev, uniqueEmail('docs.dev'), 'developer');
    await visitSignedIn(dev, '/documents');
    const test = dev.getByTestId('test-functionality-card');
    await test.getByRole('button', { name: 'Test Upload' }).click();
    await expectToast(dev, 'Test document uploaded');
    await expectText(dev.getByTestId('document-row').first(), 'Ready', 30_000);
    await test.getByRole('textbox', { name: 'Test deletion reason' }).fill('Checking the flow');
    await test.getByRole('button', { name: 'Test Deletion Request' }).click();
    await expectToast(dev, 'Deletion request submitted');

    // Staff (a developer may review) approve the request, then complete it, on the Deletion Requests tab.
    const review = await stack.newPage();
    await hideBetaBanner(review);
    await devSignIn(review, uniqueEmail('docs.reviewer'), 'admin');
    await visitSignedIn(review, '/admin/documents');
    await review.getByRole('tab', { name: 'Deletion Requests' }).click();
    const request = review.getByTestId('deletion-request').filter({ hasText: 'Checking the flow' });
    await request.getByRole('button', { name: 'Approve Request' }).click();
    await expectToast(review, 'Deletion Request Approved');
    await request.getByRole('button', { name: 'Complete Deletion' }).click();
    await expectToast(review, 'Deletion Complete');
    await expect.poll(() => request.count()).toBe(0);

    // Direct delete, with confirmation.
    await dev.getByRole('button', { name: 'Delete Test Document' }).click();
    await dev.getByTestId('confirm-delete-document').click();
    await expectToast(dev, 'Document deleted');
    await expectText(dev.getByTestId('documents-count'), '0');
  });
});
