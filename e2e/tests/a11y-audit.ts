import axe from 'axe-core';
import type { Page } from '@playwright/test';

/** One accessibility violation on a page: the rule, the element and why. */
export interface Finding {
  rule: string;
  target: string;
  detail: string;
}

/** What issue 34 forbids: axe-core's serious and critical violations. */
const FORBIDDEN_IMPACTS = new Set(['serious', 'critical']);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core over the page as it is on screen, WCAG 2.x A and AA plus axe's best practices; each serious
 * or critical violation's every element is one finding. `within`: only that part of the page (a
 * section just opened on a page audited before).
 *
 * axe runs in the page itself (the app has no frames), put there once per document through axe-core's
 * own `axe.source` and `axe.run`: @axe-core/playwright evaluated its 550 KB twice for every audit, about
 * 40 % of an audit's time on a page audited section by section (bench/README.md).
 */
export async function auditPage(page: Page, within?: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    ({ within, tags }) => (window as unknown as { axe: typeof axe }).axe.run(within ? { include: [within] } : document, { runOnly: { type: 'tag', values: tags } }),
    { within, tags: TAGS },
  );
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
