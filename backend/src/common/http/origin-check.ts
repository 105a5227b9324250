import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing browser requests sent from another origin (a second line of defence
 * beside SameSite=Lax cookies). Requests without an Origin header (servers, provider webhooks,
 * curl) pass; the request's own host and PUBLIC_BASE_URL are same-origin.
 */
export function originCheck(publicBaseUrl: string) {
  const publicOrigin = new URL(publicBaseUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (SAFE_METHODS.has(req.method) || !origin) return next();
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      host = '';
    }
    if (origin === publicOrigin || (host && host === req.headers.host)) return next();
    const message = 'Cross-origin request refused';
    res.status(403).json({ statusCode: 403, error: message, message });
  };
}
