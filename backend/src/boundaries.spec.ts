import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The backend's shape (src/README.md), read from the import graph of the sources: every relative
 * import specifier of every non-test .ts file under src/, found by TypeScript's own scanner
 * (`ts.preProcessFile`; `import type` and re-exports count too: they couple modules all the same).
 */
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Import {
  from: string; // file, relative to src/
  to: string; // resolved target, relative to src/ (relative specifiers), or the package specifier
  specifier: string;
}

function importsOf(file: string): Import[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map(({ fileName }) => ({
    from: relative(SRC, file).split(sep).join('/'),
    to: fileName.startsWith('.') ? relative(SRC, resolve(dirname(file), fileName)).split(sep).join('/') : fileName,
    specifier: fileName,
  }));
}

const IMPORTS = sourceFiles(SRC).flatMap(importsOf);

/** The module a file under src/modules/<name>/ belongs to, else null. */
function moduleOf(path: string): string | null {
  const match = /^modules\/([^/]+)\//.exec(path);
  return match ? match[1] : null;
}

/** Module → the modules it imports, each with one file import as the example that shows it. */
function moduleGraph(imports: Import[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const i of imports) {
    const from = moduleOf(i.from);
    const to = moduleOf(i.to);
    if (!from || !to || from === to) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    const edges = graph.get(from)!;
    if (!edges.has(to)) edges.set(to, `${i.from} imports ${i.specifier}`);
  }
  return graph;
}

/** Every strongly connected set of two or more modules (Tarjan), each as one cycle through it. */
function moduleCycles(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.sort();
}

/** A readable cycle through a component: a -> b -> ... -> a, each step with the import that makes it. */
function describeCycle(graph: Map<string, Map<string, string>>, component: string[]): string {
  const members = new Set(component);
  const start = component[0];
  // Shortest path back to the start through the component (breadth first).
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!members.has(w) || previous.has(w)) continue;
      previous.set(w, v);
      if (w === start) {
        queue.length = 0;
        break;
      }
      queue.push(w);
    }
  }
  const path = [start];
  for (let v = previous.get(start)!; v !== start; v = previous.get(v)!) path.unshift(v);
  path.unshift(start);
  return path
    .slice(0, -1)
    .map((v, k) => `${v} -> ${path[k + 1]} (${graph.get(v)!.get(path[k + 1])})`)
    .join('\n  ');
}

/**
 * Cycles known and left for now, each with why, as sorted module sets. The test fails on any other
 * cycle, and on one of these once it is gone (so the list only shrinks).
 */
const KNOWN_CYCLES: { modules: string[]; why: string }[] = [
  // None left. call-logs ↔ phone-numbers ↔ tickets went in issue 27: a call log's relations to its
  // ticket and number come through database/entity-refs.ts, the call ↔ ticket rules through
  // CallTickets (declared by call-logs, provided by tickets), the number through phone-numbers' callback.
];

describe('module boundaries', () => {
  const graph = moduleGraph(IMPORTS);

  it('finds the cycles it is meant to find (a -> b -> a, a -> b -> c -> a)', () => {
    const edges = (pairs: [string, string][]) => {
      const g = new Map<string, Map<string, string>>();
      for (const [a, b] of pairs) {
        if (!g.has(a)) g.set(a, new Map());
        g.get(a)!.set(b, `${a}.ts imports ${b}`);
      }
      return g;
    };
    expect(moduleCycles(edges([['a', 'b'], ['b', 'a'], ['b', 'c']]))).toEqual([['a', 'b']]);
    expect(moduleCycles(edges([['a', 'b'], ['b', 'c'], ['c', 'a'], ['d', 'a']]))).toEqual([['a', 'b', 'c']]);
    expect(moduleCycles(edges([['a', 'b'], ['b', 'c']]))).toEqual([]);
    expect(describeCycle(edges([['a', 'b'], ['b', 'a']]), ['a', 'b'])).toBe('a -> b (a.ts imports b)\n  b -> a (b.ts imports a)');
  });

  it('has no import cycle between modules under src/modules/ beyond the known ones', () => {
    const cycles = moduleCycles(graph);
    const unknown = cycles.filter((c) => !KNOWN_CYCLES.some((k) => k.modules.join() === c.join()));
    expect(unknown.map((c) => `cycle: ${describeCycle(graph, c)}`)).toEqual([]);
    const gone = KNOWN_CYCLES.filter((k) => !cycles.some((c) => c.join() === k.modules.join()));
    expect(gone.map((k) => `no longer a cycle, remove it from KNOWN_CYCLES: ${k.modules.join(' ↔ ')}`)).toEqual([]);
  });

  it('keeps ticket analytics out of the tickets module, and tickets free of ticket-analytics', () => {
    expect(graph.get('tickets')?.has('ticket-analytics') ?? false).toBe(false);
    expect(graph.get('ticket-analytics')?.has('tickets')).toBe(true);
  });

  it("leaves the ticket's history (activity, status changes) to the tickets module: no other module imports those entities", () => {
    const offending = IMPORTS.filter(
      (i) => moduleOf(i.from) && moduleOf(i.from) !== 'tickets' && /^modules\/tickets\/(ticket-activity|ticket-status-change)\.entity\.js$/.test(i.to),
    );
    expect(offending.map((i) => `${i.from} imports ${i.specifier}`)).toEqual([]);
  });

  it("leaves the invitation rows to the users module: notifications sends, UserInvitationsService reads and settles", () => {
    const offending = IMPORTS.filter(
      (i) => moduleOf(i.from) && moduleOf(i.from) !== 'users' && /^modules\/users\/user-invitation\.(entity|repository)\.js$/.test(i.to),
    );
    expect(offending.map((i) => `${i.from} imports ${i.specifier}`)).toEqual([]);
  });

  it('keeps common/, integrations/ and config/ free of module code', () => {
    const offending = IMPORTS.filter((i) => /^(common|integrations|config)\//.test(i.from) && moduleOf(i.to));
    expect(offending.map((i) => `${i.from} imports ${i.specifier}`)).toEqual([]);
  });

  it('keeps database/ infrastructure: no module code apart from the ORM entity list', () => {
    const allowed = new Set(['database/entities.ts', 'database/entity-refs.ts']);
    const offending = IMPORTS.filter((i) => i.from.startsWith('database/') && !allowed.has(i.from) && moduleOf(i.to));
    expect(offending.map((i) => `${i.from} imports ${i.specifier}`)).toEqual([]);
  });

  it('lets only entity files use the entity barrel (database/entity-refs.ts), for relations that would close a cycle', () => {
    const offending = IMPORTS.filter((i) => i.to === 'database/entity-refs.js' && !i.from.endsWith('.entity.ts'));
    expect(offending.map((i) => `${i.from} imports ${i.specifier}`)).toEqual([]);
    expect(IMPORTS.some((i) => i.to === 'database/entity-refs.js')).toBe(true);
  });

  it('keeps migrations frozen: they import only the migration libraries and the frozen SQL beside them', () => {
    const migrations = IMPORTS.filter((i) => i.from.startsWith('database/migrations/'));
    expect(migrations.length).toBeGreaterThan(20);
    const allowed = (i: Import) =>
      i.specifier.startsWith('.') ? i.to.startsWith('database/migrations/') : /^(@mikro-orm\/|@nestjs\/common$|libphonenumber-js\/)/.test(i.specifier);
    expect(migrations.filter((i) => !allowed(i)).map((i) => `${i.from} imports ${i.specifier}`)).toEqual([]);
    expect(migrations.filter((i) => /(^|\/)\.\.\/\.\.\/(modules|common)\//.test(i.specifier))).toEqual([]);
  });
});
