import { HttpError } from 'react-admin';
import { errorMessageFrom } from '../lib/httpError';
import { isSignedOut } from './currentUserCache';

const NOT_SIGNED_IN = 'Not signed in';
/** The API's routes for someone without a session (the others answer 401). */
const OPEN_PATHS = new Set(['/api/session', '/api/login', '/api/register', '/api/logout', '/api/health']);

function needsSession(url: string): boolean {
  if (!url.startsWith('/api/')) return false;
  const path = url.split('?')[0];
  return !OPEN_PATHS.has(path) && !path.startsWith('/api/storage/');
}

/** fetch options; the body is a JSON string (as ra-data-simple-rest sends it) or FormData. */
export type HttpOptions = RequestInit;

export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

/**
 * The one request helper: sends the session cookie, speaks JSON, and on a
 * non-2xx answer throws an HttpError (with `status` and the parsed `body`)
 * whose message is the body's `error`, else `message`, else the raw text,
 * else the status text. Its shape is react-admin's fetchUtils.fetchJson, so
 * ra-data-simple-rest uses it as is.
 */
export async function httpClient<T = any>(url: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
  if (isSignedOut() && needsSession(url)) {
    // known signed out (currentUserCache.ts): the server would answer 401, which the console logs
    throw new HttpError(NOT_SIGNED_IN, 401, { statusCode: 401, message: NOT_SIGNED_IN, error: NOT_SIGNED_IN });
  }
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (options.body != null && !(options.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }

  const response = await fetch(url, { ...options, headers, credentials: 'include' });
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }

  if (!response.ok) {
    throw new HttpError(errorMessageFrom(text, response.statusText), response.status, json ?? text);
  }
  return { status: response.status, headers: response.headers, body: text, json: json as T };
}

export const API_URL = '/api';

/** `path?key=value&...` with the defined parameters only. */
export function withQuery(path: string, query: Record<string, string | number | boolean | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** GET a JSON answer of the API (`path` below /api). */
export async function apiGet<T>(path: string): Promise<T> {
  return (await httpClient<T>(`${API_URL}${path}`)).json;
}

/** Send a JSON body (or none) to the API (`path` below /api) and return the parsed answer, if any. */
export async function apiSend<T = unknown>(method: string, path: string, data?: unknown): Promise<T> {
  const body = data === undefined ? undefined : JSON.stringify(data);
  return (await httpClient<T>(`${API_URL}${path}`, { method, body })).json;
}
