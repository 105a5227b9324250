import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MutationCache } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../providers/queryClient';
import { crmQueryKey } from '../providers/queryKeys';

/**
 * Issue 27: every read and write of the admin goes through the dataProvider's hooks (react-admin's,
 * or useCrmQuery / useCrmMutation in providers/), under one cache key scheme; no API path outside
 * providers/; one name for one thing.
 */
const SRC = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = sources(SRC).map(path => ({ path: relative(SRC, path).split(sep).join('/'), text: readFileSync(path, 'utf8') }));
const outsideProviders = files.filter(file => !file.path.startsWith('providers/'));

/** The names a file imports from a module (value imports only: `import type` is left out). */
function importedNames(text: string, module: RegExp): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g)) {
    if (match[1] || !module.test(match[3])) continue;
    for (const part of match[2].split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

describe('data access stays in providers/', () => {
  it('scans the sources (the scan itself finds the files)', () => {
    expect(files.some(file => file.path === 'providers/useCrm.ts')).toBe(true);
    expect(outsideProviders.some(file => file.path === 'pages/settings/SettingsPage.tsx')).toBe(true);
  });

  it("no file outside providers/ calls react-query's useQuery / useMutation itself", () => {
    const offenders = outsideProviders
      .filter(file => importedNames(file.text, /^@tanstack\/react-query$/).some(name => /^use(Suspense)?(Query|Queries|InfiniteQuery|Mutation)$/.test(name)))
      .map(file => file.path);
    expect(offenders).toEqual([]);
  });

  it('no file outside providers/ writes an API path', () => {
    const offenders = outsideProviders.filter(file => /['"`]\/api\//.test(file.text)).map(file => file.path);
    expect(offenders).toEqual([]);
  });

  it("no file outside providers/ calls a provider method module directly (only the dataProvider's hooks)", () => {
    const offenders = outsideProviders
      .filter(file => importedNames(file.text, /providers\/(methods\/|httpClient)/).some(name => /Methods$|^api[A-Z]/.test(name)))
      .map(file => file.path);
    expect(offenders).toEqual([]);
  });

  it('one name for one thing: useCrm is the module of useCrmQuery / useCrmMutation, no hook is called useCrm', () => {
    const offenders = files.filter(file => /\b(function|const)\s+useCrm\b/.test(file.text)).map(file => file.path);
    expect(offenders).toEqual([]);
  });
});

describe('crmQueryKey, the one cache key scheme', () => {
  it('is [resource, method, ...args]', () => {
    expect(crmQueryKey('settings', 'getSettings', [])).toEqual(['settings', 'getSettings']);
    expect(crmQueryKey('organizations', 'getOrganization', ['org-1'])).toEqual(['organizations', 'getOrganization', 'org-1']);
    expect(crmQueryKey('notifications', 'getLatestNotifications', [3])).toEqual(['notifications', 'getLatestNotifications', 3]);
  });

  it('a successful write to a resource invalidates every read of it, and only those', async () => {
    const organization = crmQueryKey('organizations', 'getOrganization', ['org-1']);
    const settings = crmQueryKey('settings', 'getSettings', []);
    queryClient.setQueryData(organization, { id: 'org-1', name: 'Before' });
    queryClient.setQueryData(settings, { brands: [] });
    const cache = queryClient.getMutationCache() as MutationCache;
    const write = cache.build(queryClient, { mutationKey: ['organizations', 'updateA2p'], mutationFn: async () => ({ id: 'org-1' }) });
    await write.execute(undefined);
    expect(queryClient.getQueryState(organization)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(settings)?.isInvalidated).toBe(false);
    queryClient.clear();
  });
});
