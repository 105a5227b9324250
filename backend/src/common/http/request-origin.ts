import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

/** Where a request comes from: what the audit log records as "from where". */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

const storage = new AsyncLocalStorage<RequestOrigin>();

/** Middleware: the request's address (after `trust proxy`) and user agent, for the rest of its handling. */
export function requestOrigin() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const userAgent = req.get('user-agent');
    storage.run({ ip: req.ip ?? null, userAgent: userAgent ? userAgent.slice(0, 500) : null }, next);
  };
}

/** The current request's origin; nothing outside a request (jobs, listeners). */
export function currentOrigin(): RequestOrigin {
  return storage.getStore() ?? { ip: null, userAgent: null };
}
