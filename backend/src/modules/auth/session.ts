import type { Request, Response } from 'express';
import type { Actor } from '../../common/auth/actor.js';

/** Starts a session for the actor; passport regenerates the session id first. */
export function logIn(req: Request, actor: Actor): Promise<void> {
  return new Promise((resolve, reject) => req.logIn(actor, (error) => (error ? reject(error) : resolve())));
}

/** Ends the session: passport logout, the stored session removed, the cookie cleared. */
export async function logOut(req: Request, res: Response, cookieName: string): Promise<void> {
  await new Promise<void>((resolve, reject) => req.logout((error) => (error ? reject(error) : resolve())));
  await new Promise<void>((resolve, reject) =>
    req.session ? req.session.destroy((error) => (error ? reject(error) : resolve())) : resolve(),
  );
  res.clearCookie(cookieName, { path: '/' });
}
