/**
 * The admin's first load (issue 32): the JavaScript and CSS the browser must fetch before the first
 * screen, i.e. the entry chunk of the Vite manifest and its static imports, transitively (what
 * index.html loads and modulepreloads). Lazily loaded screens (dynamic imports) are not counted.
 *
 *   npm run bench:bundle                 # builds the admin (vite build), then measures admin/dist
 *   npm run bench:bundle -- --no-build   # measures the admin/dist that is there
 *
 * Prints every initial file with its raw, gzip (level 9) and brotli (quality 11) size, the totals,
 * and the same totals for all the JavaScript of the build; writes them to bench/results/bundle-<time>.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const { values } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false } } });
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'admin', 'dist');

if (!values['no-build']) execFileSync('npm', ['run', 'build', '-w', 'admin'], { cwd: root, stdio: 'inherit' });

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The entry chunks and, transitively, their static imports (dynamic imports excluded). */
function initialFiles(): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...files];
}

interface Size {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}
function size(file: string): Size {
  const bytes = readFileSync(join(dist, file));
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}
const sum = (sizes: Size[]) =>
  sizes.reduce((total, s) => ({ file: 'total', raw: total.raw + s.raw, gzip: total.gzip + s.gzip, brotli: total.brotli + s.brotli }), {
    file: 'total',
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);

const initial = initialFiles().map(size).sort((a, b) => b.gzip - a.gzip);
const initialJs = initial.filter(s => s.file.endsWith('.js'));
const allJs = [...new Set(Object.values(manifest).map(chunk => chunk.file))].filter(file => file.endsWith('.js')).map(size);

console.log(`\nInitial files of admin/dist (entry + static imports)       raw KB   gzip KB  brotli KB`);
for (const s of initial) console.log(`  ${s.file.padEnd(56)}${kb(s.raw)}  ${kb(s.gzip)}  ${kb(s.brotli)}`);
const jsTotal = sum(initialJs);
const cssTotal = sum(initial.filter(s => s.file.endsWith('.css')));
const everything = sum(allJs);
console.log(`  ${'initial JavaScript'.padEnd(56)}${kb(jsTotal.raw)}  ${kb(jsTotal.gzip)}  ${kb(jsTotal.brotli)}`);
console.log(`  ${'initial CSS'.padEnd(56)}${kb(cssTotal.raw)}  ${kb(cssTotal.gzip)}  ${kb(cssTotal.brotli)}`);
console.log(`  ${`all JavaScript of the build (${allJs.length} chunks)`.padEnd(56)}${kb(everything.raw)}  ${kb(everything.gzip)}  ${kb(everything.brotli)}`);

const results = join(root, 'bench', 'results');
mkdirSync(results, { recursive: true });
const out = join(results, `bundle-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), initial, initialJs: jsTotal, initialCss: cssTotal, allJs: everything }, null, 2));
console.log(`\n${out}`);
