/**
 * The admin's first load of the ticket list (issue 32): a cold load of /tickets, signed in, in Chromium.
 * Each run is a new browser context (empty cache, the session cookie only), so every script and every
 * API read is fetched again. It measures, from the navigation's start (performance.timeOrigin):
 *   - the first ticket row on screen (a MutationObserver installed before the page's scripts notes
 *     the first [data-testid="ticket-row"], then the next animation frame: the frame that paints it);
 *   - the request waterfall: the start and end of every /api request (Resource Timing), and the
 *     entry script's.
 * One warm-up load (not counted), then --runs loads (default 5); prints each run and the median, and
 * the waterfall of the median run; writes bench/results/first-load-<time>.json.
 *
 *   PORT=3995 EMBEDDED_PG_PORT=54495 DATA_DIR=/tmp/wcrm-bench-h23 bench/start-app.sh &   # after npm run build
 *   DATABASE_URL=postgres://postgres:…@127.0.0.1:54495/warranty_crm npm run bench:seed -- --count 1000
 *   BASE_URL=http://127.0.0.1:3995 npm run bench:first-load [-- --runs 5 --path /tickets]
 *
 * The browser is Playwright's Chromium driver on /usr/bin/chromium (CHROMIUM_PATH), launched with the
 * flags of e2e/playwright.config.ts; the viewport is the e2e's desktop one (1440 × 900).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    path: { type: 'string', default: '/tickets' },
    username: { type: 'string', default: 'bench' },
    password: { type: 'string', default: 'bench-pass-123' },
    // a network's round trip added to every request of the page (Chromium's emulation), 0 for none
    latency: { type: 'string', default: '0' },
  },
});
const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3995';
const RUNS = Number(values.runs);
const LATENCY = Number(values.latency);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// e2e/playwright.config.ts, use.launchOptions.args
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

interface Request {
  path: string;
  start: number;
  end: number;
}
interface Run {
  firstRow: number;
  domContentLoaded: number;
  entryScript: Request | null;
  api: Request[];
}

declare global {
  interface Window {
    __firstRow?: number;
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });

async function load(): Promise<Run> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1440, height: 900 } });
  try {
    const login = await context.request.post('/api/login', { data: { username: values.username, password: values.password } });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
    // a returning user: the admin saw this browser signed in before (admin/src/providers/currentUserCache.ts)
    await context.addInitScript(() => localStorage.setItem('wcrm.signedIn', '1'));
    await context.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-testid="ticket-row"]')) {
          observer.disconnect();
          requestAnimationFrame(() => (window.__firstRow = performance.now()));
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    if (LATENCY > 0) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY, downloadThroughput: -1, uploadThroughput: -1 });
    }
    await page.goto(values.path);
    await page.waitForFunction(() => window.__firstRow !== undefined, undefined, { timeout: 60_000 });
    // the rest of the load's reads (the shell's, the filters'), for the waterfall
    await page.waitForFunction(
      () => {
        const ended = performance.getEntriesByType('resource').filter(e => (e as PerformanceResourceTiming).responseEnd > 0).map(e => new URL(e.name).pathname);
        return ['/api/tickets/metrics', '/api/settings', '/api/notifications/unread-count'].every(path => ended.includes(path));
      },
      undefined,
      { timeout: 60_000 },
    );
    return await page.evaluate(() => {
      const round = (n: number) => Math.round(n * 10) / 10;
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const request = (e: PerformanceResourceTiming) => {
        const url = new URL(e.name);
        return { path: url.pathname + (url.pathname === '/api/tickets' ? ' (list)' : ''), start: round(e.startTime), end: round(e.responseEnd) };
      };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const entry = entries.find(e => /\/assets\/index-[^/]+\.js$/.test(new URL(e.name).pathname));
      return {
        firstRow: round(window.__firstRow ?? NaN),
        domContentLoaded: round(nav?.domContentLoadedEventEnd ?? NaN),
        entryScript: entry ? request(entry) : null,
        api: entries.filter(e => new URL(e.name).pathname.startsWith('/api/')).map(request).sort((a, b) => a.start - b.start),
      };
    });
  } finally {
    await context.close();
  }
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;

try {
  console.log(`cold loads of ${BASE_URL}${values.path}, signed in as ${values.username}${LATENCY > 0 ? `, ${LATENCY} ms added to each request` : ''}: 1 warm-up, then ${RUNS}`);
  await load();
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const run = await load();
    runs.push(run);
    const list = run.api.find(r => r.path === '/api/tickets (list)');
    const user = run.api.find(r => r.path === '/api/session' || r.path === '/api/user');
    console.log(
      `  run ${i + 1}: first row ${ms(run.firstRow)}   list request starts ${ms(list?.start ?? NaN)}   session check starts ${ms(user?.start ?? NaN)}   ${run.api.filter(r => r.path === '/api/session' || r.path === '/api/user').length} × session check`,
    );
  }
  const firstRows = runs.map(r => r.firstRow);
  const middle = runs.reduce((best, run) => (Math.abs(run.firstRow - median(firstRows)) < Math.abs(best.firstRow - median(firstRows)) ? run : best));
  console.log(`\nfirst row, median of ${RUNS}: ${median(firstRows).toFixed(0)} ms (min ${Math.min(...firstRows).toFixed(0)}, max ${Math.max(...firstRows).toFixed(0)})`);
  console.log(`\nwaterfall of the median run (ms from the navigation's start; first row at ${middle.firstRow.toFixed(0)} ms):`);
  if (middle.entryScript) console.log(`  ${'entry script'.padEnd(44)}${ms(middle.entryScript.start)} → ${ms(middle.entryScript.end)}`);
  for (const r of middle.api) console.log(`  ${r.path.slice(0, 44).padEnd(44)}${ms(r.start)} → ${r.end > 0 ? ms(r.end) : '  (open)'}`);

  const results = join(dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(results, { recursive: true });
  const out = join(results, `first-load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), baseUrl: BASE_URL, path: values.path, medianFirstRow: median(firstRows), runs }, null, 2));
  console.log(`\n${out}`);
} finally {
  await browser.close();
}
