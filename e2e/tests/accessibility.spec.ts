import { expect, test, type Page } from '@playwright/test';
import { auditPage, type Finding } from './a11y-audit.js';
import { apiSettled, makeAccount, openInApp, signedInPages, watchApi } from './walk.js';
import { openSection, signIn, signInByApi } from './support.js';

/**
 * Issue 34, accessibility: every page, at the desktop and the phone size (both projects run this
 * file), has no serious or critical axe-core violation (a11y-audit.ts) and no chip whose label is
 * cut off. Each test lists every finding of every page it visited.
 */

/** Chips whose label is cut (MUI ends it with "…"): issue 34's "UNDER WARRAN…". */
async function truncatedChips(page: Page): Promise<Finding[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.MuiChip-label'))
      .filter(label => label.getBoundingClientRect().width > 0 && label.scrollWidth > label.clientWidth + 1)
      .map(label => ({ rule: 'truncated-chip', target: label.outerHTML.slice(0, 200), detail: `label ${label.scrollWidth}px wide in ${label.clientWidth}px` })),
  );
}

async function check(page: Page, where: string, findings: string[], within?: string) {
  for (const finding of [...(await auditPage(page, within)), ...(await truncatedChips(page))]) {
    findings.push(`${where}: [${finding.rule}] ${finding.detail}\n    ${finding.target}`);
  }
}

const report = (findings: string[]) => `${findings.length} finding(s):\n${findings.join('\n')}`;

test('the audit reports a serious violation put on the page (it can fail)', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<button id="nameless"></button>'));
  const findings = await auditPage(page);
  expect(findings.map(f => f.rule)).toContain('button-name (critical)');
  expect(findings.find(f => f.rule === 'button-name (critical)')?.target).toContain('nameless');
});

test('the sign-in and register screens, signed out', async ({ page }) => {
  const findings: string[] = [];
  await page.goto('/auth');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await apiSettled(page);
  await check(page, '/auth (login)', findings);
  await page.getByTestId('auth-tab-register').click();
  await expect(page.getByTestId('register-submit')).toBeVisible();
  await check(page, '/auth (register)', findings);
  expect(findings, report(findings)).toEqual([]);
});

test('every signed-in page, the create dialog, the warranty tab and every settings section', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const account = await makeAccount(baseURL!, 'a11y');
  watchApi(page);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  const findings: string[] = [];

  // one load of the app, where the sign-in lands; each screen is then reached through the app's router
  // (console.spec.ts loads every screen on its own)
  for (const screen of signedInPages(account)) {
    await openInApp(page, screen.path);
    await screen.ready(page);
    await apiSettled(page);
    await check(page, screen.name, findings);

    if (screen.name === 'tickets') {
      await page.getByRole('button', { name: 'New Ticket' }).click();
      const dialog = page.getByTestId('create-ticket-dialog');
      await expect(dialog.getByRole('heading', { name: 'Create New Ticket' })).toBeVisible();
      await check(page, 'create ticket dialog', findings);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    if (screen.name === 'analytics') {
      await page.getByTestId('analytics-tab-warranty').click();
      await expect(page.getByTestId('analytics-tab-warranty')).toHaveAttribute('aria-selected', 'true');
      await apiSettled(page);
      await check(page, 'analytics, warranty tab', findings);
    }
    if (screen.name === 'settings') {
      const sections = page.locator('[data-testid^="settings-"].MuiAccordion-root');
      const ids = await sections.evaluateAll(nodes => nodes.map(node => node.id));
      expect(ids).toContain('audit-log');
      for (const id of ids) {
        const section = page.getByTestId(`settings-${id}`);
        const summary = await openSection(page, section.locator('.MuiAccordionSummary-root').first());
        await apiSettled(page);
        // the page around it was audited with the settings screen
        await check(page, `settings, ${id}`, findings, `[data-testid="settings-${id}"]`);
        await summary.click();
        await expect(summary).toHaveAttribute('aria-expanded', 'false');
      }
    }
  }
  expect(findings, report(findings)).toEqual([]);
});

test('a dialog keeps the focus inside while open; the ticket checkboxes and the search box have names', async ({ page, baseURL }) => {
  const account = await makeAccount(baseURL!, 'a11yfocus');
  await signInByApi(page.request, account.username, account.password);
  await page.goto('/tickets');
  await expect(page.getByRole('checkbox', { name: `Select ticket ${account.ticket.ticketNumber}`, exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select all', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'New Ticket' }).click();
  const dialog = page.getByTestId('create-ticket-dialog');
  await expect(dialog.getByRole('heading', { name: 'Create New Ticket' })).toBeVisible();
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    const inside = await dialog.evaluate(node => node.contains(document.activeElement));
    expect(inside, `focus left the dialog after ${i + 1} presses`).toBe(true);
  }
});

test('an error toast does not cover the Change Password button that raised it', async ({ page, baseURL }) => {
  const account = await makeAccount(baseURL!, 'a11ytoast');
  await signInByApi(page.request, account.username, account.password);
  await page.goto('/profile');
  const button = page.getByTestId('profile-password-submit');
  await button.scrollIntoViewIfNeeded();
  await page.getByTestId('profile-current-password').fill('not-my-password');
  await page.getByTestId('profile-new-password').fill('another-secret1');
  await page.getByTestId('profile-confirm-password').fill('another-secret1');
  await button.click();
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveAttribute('data-type', 'error');
  // the toast has finished moving in
  await expect.poll(() => toast.evaluate(node => node.getAnimations({ subtree: true }).length + (node.parentElement?.getAnimations().length ?? 0))).toBe(0);
  const t = (await toast.boundingBox())!;
  const b = (await button.boundingBox())!;
  const overlaps = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
  expect(overlaps, `toast ${JSON.stringify(t)} covers the button ${JSON.stringify(b)}`).toBe(false);
  // and the button is still the one a click reaches
  await expect(button).toBeVisible();
  await button.click({ trial: true });
});

test('honours prefers-reduced-motion: no transitions or ripples when the system asks for less motion, the usual ones otherwise', async ({ browser, baseURL }, testInfo) => {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const motionOf = async (reducedMotion: 'reduce' | 'no-preference') => {
    const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, reducedMotion });
    try {
      const page = await context.newPage();
      await page.goto('/auth');
      const submit = page.getByTestId('login-submit');
      await expect(submit).toBeVisible();
      const transition = await submit.evaluate(node => getComputedStyle(node).transitionDuration);
      // a press leaves a ripple behind while the pointer is down
      const box = (await submit.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      const ripples = await submit.locator('.MuiTouchRipple-child').count();
      await page.mouse.up();
      return { transition, ripples };
    } finally {
      await context.close();
    }
  };
  const still = await motionOf('reduce');
  expect(still.transition.split(',').every(d => d.trim() === '0s')).toBe(true);
  expect(still.ripples).toBe(0);
  const moving = await motionOf('no-preference');
  expect(moving.transition.split(',').some(d => d.trim() !== '0s')).toBe(true);
  expect(moving.ripples).toBeGreaterThan(0);
});
