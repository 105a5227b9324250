import { basename, resolve } from 'node:path';
import { SCREEN_PAGES_FILE, type ScreenPageLine } from '@warranty-crm/contract';
import type { Plugin } from 'vite';

/**
 * The screen each path of the admin opens, by its module (App.tsx and resources/<name>/index.ts, where
 * the screens are lazy): `:name` is one path segment. A path not here gets index.html as it is.
 */
export const SCREENS: Record<string, string> = {
  '/': 'src/pages/dashboard/DashboardPage.tsx',
  '/tickets': 'src/resources/tickets/TicketList.tsx',
  '/tickets/:id': 'src/resources/tickets/TicketDetail.tsx',
  '/tickets/:id/show': 'src/resources/tickets/TicketDetail.tsx',
  '/tickets/:id/edit': 'src/resources/tickets/TicketEdit.tsx',
  '/customers': 'src/resources/customers/CustomerList.tsx',
  '/customers/:id': 'src/resources/customers/CustomerEdit.tsx',
  '/customers/:id/show': 'src/resources/customers/CustomerShow.tsx',
  '/users': 'src/resources/users/UserList.tsx',
  '/notifications': 'src/resources/notifications/NotificationList.tsx',
  '/analytics': 'src/pages/analytics/AnalyticsPage.tsx',
  '/phone-system': 'src/pages/phone-system/PhoneSystemPage.tsx',
  '/settings': 'src/pages/settings/SettingsPage.tsx',
  '/profile': 'src/pages/profile/ProfilePage.tsx',
  '/exports': 'src/pages/exports/ExportsPage.tsx',
  '/auth': 'src/pages/auth/AuthPage.tsx',
  '/change-password': 'src/pages/change-password/ChangePasswordPage.tsx',
};

/** The paths a signed-out browser opens: their pages are sent only without a session cookie, the others only with one. */
export const SIGNED_OUT_PATHS = new Set(['/auth']);


/** A path pattern (`/tickets/:id`) as a regular expression's source, a trailing slash allowed. */
export function pathPattern(path: string): string {
  const segments = path.split('/').filter(Boolean).map(segment => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return segments.length ? `^/${segments.join('/')}/?$` : '^/$';
}

/** A built chunk as far as this needs it: its file and the files it imports statically. */
export interface BuiltChunk {
  fileName: string;
  imports: string[];
}

/** A chunk's file and every file it imports statically, directly or not, in the order they are first met. */
export function withStaticImports(chunks: Map<string, BuiltChunk>, fileName: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
  };
  visit(fileName);
  return [...seen];
}

/**
 * The page with a preload link for each file, before its head's end. `preload as=script`, not
 * `modulepreload`: Chromium compiles a module preloaded so as soon as it arrives, on the main thread,
 * while the entry's modules are evaluated, and the first render came later (bench/README.md); a
 * script preloaded is fetched only, and compiled when the screen imports it.
 */
export function withPreloads(html: string, base: string, files: string[]): string {
  const end = /( *)<\/head>/.exec(html);
  if (!end) throw new Error('index.html has no </head>');
  const links = files.map(file => `${end[1]}  <link rel="preload" as="script" crossorigin href="${base}${file}">\n`).join('');
  return html.slice(0, end.index) + links + html.slice(end.index);
}

/**
 * A cold load of a screen (issue 32) asked for its chunks only once the entry's scripts had run, ~160 ms
 * after the navigation on /tickets here, and a network's round trip after that. The build writes a page
 * per screen: index.html with preload links for the screen's chunks (those the entry does not load
 * itself), so the browser fetches them beside the entry's, from the page's first bytes. The server sends
 * each path its screen's page (SCREEN_PAGES_FILE). Nothing runs earlier: the screen imports them as before.
 */
export function screenPreloads(): Plugin {
  let base = '/';
  let root = '';
  return {
    name: 'wcrm-screen-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('index.html is not in the bundle');
      const chunks = new Map<string, BuiltChunk>();
      const byModule = new Map<string, string>();
      let entry: string | undefined;
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, { fileName: output.fileName, imports: output.imports });
        if (output.facadeModuleId) byModule.set(output.facadeModuleId, output.fileName);
        if (output.isEntry) entry = output.fileName;
      }
      if (!entry) throw new Error('no entry chunk');
      const loadedByEntry = new Set(withStaticImports(chunks, entry));
      const pages = new Map<string, string>();
      const lines: ScreenPageLine[] = [];
      for (const [path, module] of Object.entries(SCREENS)) {
        const chunk = byModule.get(resolve(root, module));
        if (!chunk) throw new Error(`${module} (the screen of ${path}) is not a chunk of the build`);
        let page = pages.get(chunk);
        if (!page) {
          page = `screens/${basename(chunk, '.js')}.html`;
          const files = withStaticImports(chunks, chunk).filter(file => !loadedByEntry.has(file));
          this.emitFile({ type: 'asset', fileName: page, source: withPreloads(String(index.source), base, files) });
          pages.set(chunk, page);
        }
        lines.push({ path: pathPattern(path), page, signedIn: !SIGNED_OUT_PATHS.has(path) });
      }
      this.emitFile({ type: 'asset', fileName: SCREEN_PAGES_FILE, source: `${JSON.stringify(lines, null, 2)}\n` });
    },
  };
}
