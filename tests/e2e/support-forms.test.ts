import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { devSignIn, uniqueEmail } from '../support/e2e/browser.ts';
import { useE2eStack } from '../support/e2e/stack.ts';
import { expectText, visitSignedIn } from '../support/e2e/ui.ts';

// The rows are read back from the app's own database: PostgreSQL when reachable, else the PGlite folder.
const stack = useE2eStack({ database: 'prefer-postgres' });

/** Picks an option of a Radix select by the select's label. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectToast(page: Page, title: string, description: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.waitFor({ state: 'visible' });
  await expectText(toast, description);
}

describe('feedback from the navbar', () => {
  it('shows the validation messages, then sends feedback that is stored', async () => {
    const email = uniqueEmail('feedback');
    const page = await stack.newPage();
    const { id: userId } = await devSignIn(page, email, 'hobbyist');
    await visitSignedIn(page, '/');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Submit feedback' }).click();
    await dialog.getByText('Please select a feedback category', { exact: true }).waitFor();
    await dialog.getByText('Feedback must be at least 10 characters.', { exact: true }).waitFor();

    await choose(page, dialog, 'Feedback category', 'Suggestion for Improvement');
    const message = `The forecast page could show sunrise times too (${email}).`;
    await dialog.getByRole('textbox', { name: 'Your feedback' }).fill(message);
    await dialog.getByRole('textbox', { name: /Additional comments/ }).fill('Seen on a phone.');
    await dialog.getByRole('button', { name: 'Submit feedback' }).click();

    await expectToast(page, 'Feedback submitted', 'Thank you for your feedback! We appreciate your input.');
    await dialog.waitFor({ state: 'hidden' });

    const rows = await stack.app.query<{ feedback_type: string; message: string; additional_details: string | null; status: string; user_email: string | null }>(
      'select feedback_type, message, additional_details, status, user_email from user_feedback where user_id = $1',
      [userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ feedback_type: 'improvement', message, status: 'new' });
    // Doc 1 §7: the details start with a line giving the user's e-mail address.
    expect(rows[0]!.additional_details).toContain(email);
    expect(rows[0]!.additional_details).toContain('Seen on a phone.');
  });
});

describe('bug report from the profile page', () => {
  it('shows the validation messages, then sends a bug report that is stored', async () => {
    const email = uniqueEmail('bugs');
    const page = await stack.newPage();
    const { id: userId } = await devSignIn(page, email, 'basic');
    await visitSignedIn(page, '/profile');

    await page.getByRole('tab', { name: 'Feedback' }).click();
    await page.getByRole('button', { name: 'Report a bug' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a bug' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Submit report' }).click();
    await dialog.getByText('Please select the type of issue', { exact: true }).waitFor();
    await dialog.getByText('Description must be at least 10 characters.', { exact: true }).waitFor();

    await choose(page, dialog, 'Type of issue', 'Performance');
    const description = `The logbook takes ten seconds to open (${email}).`;
    await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
    await dialog.getByRole('button', { name: 'Submit report' }).click();

    await expectToast(page, 'Bug report submitted', 'Thank you for helping us improve the application!');
    await dialog.waitFor({ state: 'hidden' });

    const rows = await stack.app.query<{ bug_type: string; description: string; additional_details: string | null; status: string }>(
      'select bug_type, description, additional_details, status from bug_reports where user_id = $1',
      [userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bug_type: 'performance', description, status: 'new' });
    expect(rows[0]!.additional_details).toContain(email);
  });
});
