import express, { type Request, type RequestHandler, type Response } from 'express';
import { existsSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';

/**
 * The built admin's files (issue 32): the build writes `<file>.br` and `<file>.gz` beside each JS,
 * CSS, HTML and SVG file (admin/vite.config.ts); a client that accepts brotli gets the `.br`, else one
 * that accepts gzip the `.gz`, else the file itself, with `Content-Encoding` and `Vary: Accept-Encoding`.
 * Hashed files (`/assets/<name>-<hash>.<ext>`) are cached for a year as immutable, HTML is revalidated
 * on every load (`no-cache`), other files (favicon) for an hour.
 */
const PRECOMPRESSED = /\.(js|mjs|css|html|svg)$/;
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;
const NO_CACHE = /\.html$|^\/sw\.js$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings the client accepts (q > 0) among brotli and gzip, preferred first. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    if (q && Number(q[1]) <= 0) continue;
    accepted.add(name.trim());
  }
  return (['br', 'gzip'] as const).filter((encoding) => accepted.has(encoding) || (accepted.has('*') && encoding === 'gzip'));
}

function cacheControlFor(path: string): string {
  if (HASHED_ASSET.test(path)) return IMMUTABLE;
  if (NO_CACHE.test(path)) return 'no-cache';
  return 'public, max-age=3600';
}

/** The precompressed variant of the file at `path` (a request path) the client accepts, if the build wrote one. */
function variantFor(distDir: string, path: string, acceptEncoding: string | undefined): { encoding: Encoding; suffix: string } | null {
  if (!PRECOMPRESSED.test(path) || path.split('/').some((segment) => segment.startsWith('.'))) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const file = resolve(distDir, `.${decoded}`);
  if (!file.startsWith(distDir + sep)) return null;
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    if (existsSync(file + SUFFIX[encoding])) return { encoding, suffix: SUFFIX[encoding] };
  }
  return null;
}

/** Serves the admin's files from `distDir` (express.static), each in the best encoding the client accepts. */
export function adminStatic(distDir: string): RequestHandler {
  const root = resolve(distDir);
  const assets = express.static(root, {
    index: false,
    setHeaders: (res: Response) => {
      const encoding = res.locals.adminEncoding as Encoding | undefined;
      const original = res.locals.adminPath as string;
      if (encoding) {
        res.setHeader('Content-Encoding', encoding);
        res.type(extname(original));
      }
      if (PRECOMPRESSED.test(original)) res.vary('Accept-Encoding');
      res.setHeader('Cache-Control', cacheControlFor(original));
    },
  });
  return (req: Request, res: Response, next) => {
    const path = req.path;
    res.locals.adminPath = path;
    const variant = req.method === 'GET' || req.method === 'HEAD' ? variantFor(root, path, req.get('accept-encoding')) : null;
    if (!variant) return assets(req, res, next);
    const url = req.url;
    res.locals.adminEncoding = variant.encoding;
    const query = url.indexOf('?');
    req.url = query < 0 ? url + variant.suffix : url.slice(0, query) + variant.suffix + url.slice(query);
    assets(req, res, (error?: unknown) => {
      req.url = url;
      delete res.locals.adminEncoding;
      next(error);
    });
  };
}

/** index.html (the SPA fallback), revalidated on every load, in the best encoding the client accepts. */
export function sendAdminIndex(req: Request, res: Response, distDir: string): void {
  const root = resolve(distDir);
  const variant = variantFor(root, '/index.html', req.get('accept-encoding'));
  res.setHeader('Cache-Control', 'no-cache');
  res.vary('Accept-Encoding');
  if (!variant) return res.sendFile(resolve(root, 'index.html'));
  res.setHeader('Content-Encoding', variant.encoding);
  res.type('html');
  res.sendFile(resolve(root, `index.html${variant.suffix}`));
}
