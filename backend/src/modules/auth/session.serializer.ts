import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { Actor } from '../../common/auth/actor.js';
import { AuthService } from './auth.service.js';

/**
 * The session keeps only the user id. The user is read again on every request, together with the
 * session in one query, by ActorSessionStore (session-store.ts); deserializeUser serves passport only.
 */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly auth: AuthService) {
    super();
  }

  serializeUser(actor: Actor, done: (err: Error | null, id?: string) => void): void {
    done(null, actor.id);
  }

  deserializeUser(id: string, done: (err: Error | null, actor?: Actor | false) => void): void {
    this.auth.actorFor(id).then((actor) => done(null, actor ?? false), (error: Error) => done(error));
  }
}
