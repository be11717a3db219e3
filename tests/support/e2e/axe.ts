import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown; html: string; failureSummary?: string }[];
}

/** WCAG 2.1 A and AA rules; the serious and critical violations, each described on one readable block. */
export async function seriousAccessibilityViolations(page: Page): Promise<{ violations: AxeViolation[]; report: string }> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const violations: AxeViolation[] = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`).join('\n'),
    )
    .join('\n');
  return { violations, report };
}
