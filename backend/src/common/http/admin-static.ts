import express, { type Request, type RequestHandler, type Response } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { SCREEN_PAGES_FILE, type ScreenPageLine } from '@warranty-crm/contract';

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

interface ScreenPage {
  path: RegExp;
  page: string;
  /** Sent with a session cookie only, or without one only (the sign-in screen). */
  signedIn: boolean;
}

/** The build's screen pages, read again when the build writes them anew (a stat per page load, not per asset). */
const screenPagesCache = new Map<string, { mtimeMs: number; pages: ScreenPage[] }>();

function screenPages(root: string): ScreenPage[] {
  const file = resolve(root, SCREEN_PAGES_FILE);
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return [];
  const cached = screenPagesCache.get(root);
  if (cached?.mtimeMs === stat.mtimeMs) return cached.pages;
  let lines: ScreenPageLine[];
  try {
    lines = JSON.parse(readFileSync(file, 'utf8')) as typeof lines;
  } catch {
    lines = []; // a build writing it at this moment: index.html for now
  }
  const pages = lines
    .map((line) => ({ path: new RegExp(line.path), page: `/${line.page}`, signedIn: line.signedIn !== false }))
    // a page outside the build's directory, or gone, is not sent: index.html is
    .filter((line) => {
      const file = resolve(root, `.${line.page}`);
      return file.startsWith(root + sep) && existsSync(file);
    });
  screenPagesCache.set(root, { mtimeMs: stat.mtimeMs, pages });
  return pages;
}

/** Whether a Cookie header carries a cookie of this name (its value is not read: the session is not looked up). */
function hasCookie(header: string | undefined, name: string): boolean {
  return (header ?? '').split(';').some((pair) => pair.slice(0, pair.indexOf('=')).trim() === name);
}

/**
 * The page for a path of the admin (the SPA fallback; `root`, the build's resolved directory): its screen's page when the build wrote one
 * (index.html with preload links for the screen's chunks, issue 32) for a browser signed in or not as
 * the screen expects, else index.html.
 */
function adminPageFor(root: string, path: string, signedIn: boolean): string {
  return screenPages(root).find((line) => line.signedIn === signedIn && line.path.test(path))?.page ?? '/index.html';
}

/**
 * The admin's page for the request's path (adminPageFor; signed in when the request has the session
 * cookie), revalidated on every load, in the best encoding the client accepts.
 */
export function sendAdminIndex(req: Request, res: Response, distDir: string, sessionCookie: string): void {
  const root = resolve(distDir);
  const page = adminPageFor(root, req.path, hasCookie(req.get('cookie'), sessionCookie));
  const variant = variantFor(root, page, req.get('accept-encoding'));
  res.setHeader('Cache-Control', 'no-cache');
  res.vary('Accept-Encoding');
  if (!variant) return res.sendFile(resolve(root, `.${page}`));
  res.setHeader('Content-Encoding', variant.encoding);
  res.type('html');
  res.sendFile(resolve(root, `.${page}${variant.suffix}`));
}
