import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** One accessibility violation on a page: the rule, the element and why. */
export interface Finding {
  rule: string;
  target: string;
  detail: string;
}

/** What issue 34 forbids: axe-core's serious and critical violations. */
const FORBIDDEN_IMPACTS = new Set(['serious', 'critical']);

/**
 * axe-core (through @axe-core/playwright) over the page as it is on screen, WCAG 2.x A and AA plus
 * axe's best practices; each serious or critical violation's every element is one finding.
 */
export async function auditPage(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter(violation => FORBIDDEN_IMPACTS.has(violation.impact ?? ''))
    .flatMap(violation =>
      violation.nodes.map(node => ({
        rule: `${violation.id} (${violation.impact})`,
        target: node.html.slice(0, 240),
        detail: node.failureSummary?.replace(/\s+/g, ' ').trim() || violation.help,
      })),
    );
}
