import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, PASSWORD, signupClient, signupSuperadmin, uniqueEmail, type TestApp } from './helpers.js';

// Inputs that once reached the database and came back as 500s: each is now a 400 with a clear message.
let t: TestApp;
let client: Awaited<ReturnType<typeof signupClient>>;
let owner: Awaited<ReturnType<typeof signupSuperadmin>>;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupSuperadmin(t.app);
  client = await signupClient(t.app);
  projectId = (
    await call(t.app, 'POST', '/projects', { token: client.token, body: { title: 'Input checks', description: 'A project for bad input.' } })
  ).body.project.id;
});
afterAll(async () => t.close());

describe('bad input is a 400, never a 500', () => {
  it('a NUL byte in any stored text, even anonymously through sign-up', async () => {
    const res = await call(t.app, 'POST', '/auth/signup/client', {
      body: { name: 'Nul\u0000Person', email: uniqueEmail('nul'), password: PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'name: text may not contain NUL characters or invalid Unicode', code: 'VALIDATION_FAILED' });
    const project = await call(t.app, 'POST', '/projects', {
      token: client.token,
      body: { title: 'Fine title', description: 'Has a \u0000 inside it.' },
    });
    expect(project.status).toBe(400);
    const query = await call(t.app, 'GET', '/projects', { token: client.token, query: { q: 'a\u0000b' } });
    expect(query.status).toBe(400);
  });

  it('a lone surrogate in a text or an attachment name', async () => {
    const res = await call(t.app, 'POST', '/projects', {
      token: client.token,
      body: { title: 'Broken \ud800 title', description: 'Lone surrogate in the title.' },
    });
    expect(res.status).toBe(400);
    const send = await call(t.app, 'POST', '/client/send-message', {
      token: client.token,
      body: {
        sender_id: client.user.id,
        receiver_id: owner.user.id,
        conversation_id: `${projectId}:${client.user.id}`,
        message_content: 'file',
        message_attachments: [{ name: 'a\udc00.txt', data: 'data:text/plain,hello' }],
      },
    });
    expect(send.status).toBe(400);
  });

  it('an impossible date', async () => {
    const res = await call(t.app, 'POST', '/projects', {
      token: client.token,
      body: { title: 'Leap', description: 'A deadline that is not a day.', deadline: '2024-02-30' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('deadline: Not a real date');
    const tool = await call(t.app, 'POST', '/tool-requests', {
      token: client.token,
      body: { name: 'Laptop', category: 'Hardware', reason: 'A fast machine', quantity: 1, needed_by: '2025-13-01' },
    });
    expect(tool.status).toBe(400);
    const ok = await call(t.app, 'POST', '/projects', {
      token: client.token,
      body: { title: 'Leap day', description: 'A real leap day.', deadline: '2028-02-29' },
    });
    expect(ok.status).toBe(201);
  });

  it('ids beyond what the database holds', async () => {
    for (const path of ['/projects/99999999999999999999', '/tool-requests/1e30', `/projects/${2 ** 53}`]) {
      const res = await call(t.app, 'GET', path, { token: client.token });
      expect(res.status, path).toBe(400);
    }
    const thread = await call(t.app, 'GET', '/client/messages/thread', { token: client.token, query: { conversation_id: '99999999999999999999:1' } });
    expect(thread.status).toBe(400);
    const poll = await call(t.app, 'GET', '/client/get-all-messages', {
      token: client.token,
      query: { user_id: client.user.id, since_id: '99999999999999999999' },
    });
    expect(poll.status).toBe(400);
    const approve = await call(t.app, 'POST', `/projects/${projectId}/approve`, {
      token: owner.token,
      body: { team_lead_id: '99999999999999999999' },
    });
    expect(approve.status).toBe(400);
  });

  it('a bad %-escape in a data URL', async () => {
    const res = await call(t.app, 'POST', '/client/send-message', {
      token: client.token,
      body: {
        sender_id: client.user.id,
        receiver_id: owner.user.id,
        conversation_id: `${projectId}:${client.user.id}`,
        message_content: 'broken file',
        message_attachments: [{ name: 'note.txt', data: 'data:text/plain,%E0%A4%A' }],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('not a valid data URL');
  });
});
