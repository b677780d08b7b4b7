import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../openapi.js';
import { createTestApp, PASSWORD, signupToken, uniqueEmail, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A client generated from the committed OpenAPI document, speaking to the real app through inject. */
function typedClient(token?: string) {
  return createClient<paths>({
    baseUrl: 'http://app.test',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    fetch: async (request: Request) => {
      const url = new URL(request.url);
      const body = request.method === 'GET' ? undefined : await request.text();
      const res = await t.app.inject({
        method: request.method as 'GET',
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        ...(body ? { payload: body } : {}),
      });
      return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers: res.headers as Record<string, string> });
    },
  });
}

describe('the typed client generated from the OpenAPI document', () => {
  it('signs up, asks for a project and reads it back with typed answers', async () => {
    const anonymous = typedClient();
    const email = uniqueEmail('typed');
    const signup = await anonymous.POST('/api/auth/signup/client', { body: { name: 'Typed Client', email, password: PASSWORD } });
    expect(signup.response.status).toBe(202);
    expect(signup.data!.status).toBe('confirmation_sent');
    const confirmed = await anonymous.POST('/api/auth/signup/confirm', { body: { token: await signupToken(t.app, email) } });
    expect(confirmed.response.status).toBe(201);
    const token = confirmed.data!.token;
    const client = typedClient(token);
    const created = await client.POST('/api/projects', { body: { title: 'Typed project', description: 'Asked for through the generated client.' } });
    expect(created.response.status).toBe(201);
    const id = Number(created.data!.project.id);
    const read = await client.GET('/api/projects/{id}', { params: { path: { id } } });
    expect(read.data?.project).toMatchObject({ title: 'Typed project', status: 'pending' });
    const list = await client.GET('/api/projects', { params: { query: { limit: 10 } } });
    expect(list.data?.items.map((p) => p.id)).toContain(String(id));
  });

  it('gives typed error bodies with a code from the shared table', async () => {
    const missing = await typedClient().GET('/api/projects/{id}', { params: { path: { id: 1 } } });
    expect(missing.response.status).toBe(401);
    expect(missing.error).toEqual({ error: 'Sign in to continue', code: 'UNAUTHENTICATED' });
  });
});
