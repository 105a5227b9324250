import type TestAgent from 'supertest/lib/agent.js';
import type { TestApp } from '../support/test-app.js';

let counter = 0;

export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export interface SignedIn {
  agent: TestAgent;
  user: { id: string; username: string; organization_id: string; is_account_owner: boolean };
  password: string;
}

/** Registers a new organization owner through the API and keeps the session cookie. */
export async function registerOwner(app: TestApp, username = uniqueUsername('owner')): Promise<SignedIn> {
  const agent = app.agent();
  const password = 'secret123';
  const res = await agent.post('/api/register').send({ username, password }).expect(201);
  return { agent, user: res.body, password };
}
