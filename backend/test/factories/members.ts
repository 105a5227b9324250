import type { SignedIn } from './users.js';
import { uniqueUsername } from './users.js';
import type { TestApp } from '../support/test-app.js';

export interface InvitedMember extends SignedIn {
  temporaryPassword: string;
}

/**
 * An ordinary user of the owner's organization, made the way a person would: the owner invites
 * them, they sign in with the temporary password and replace it (POST /api/change-password).
 */
export async function inviteMember(app: TestApp, owner: SignedIn, username = uniqueUsername('member')): Promise<InvitedMember> {
  const invite = await owner.agent.post('/api/users/invite').send({ username }).expect(201);
  const temporaryPassword: string = invite.body.temporaryPassword;
  const agent = app.agent();
  await agent.post('/api/login').send({ username, password: temporaryPassword }).expect(200);
  const password = 'member-pass-1';
  await agent.post('/api/change-password').send({ newPassword: password }).expect(200);
  const me = await agent.get('/api/user').expect(200);
  return { agent, user: me.body, password, temporaryPassword };
}
