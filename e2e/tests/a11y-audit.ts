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
 * `within`: only that part of the page (a section just opened on a page audited before).
 */
export async function auditPage(page: Page, within?: string): Promise<Finding[]> {
  // Legacy mode runs axe in the page itself: the app has no frames, and the default mode opens a
  // blank page for every audit to combine the frames' results.
  const builder = new AxeBuilder({ page }).setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const results = await (within ? builder.include(within) : builder).analyze();
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
