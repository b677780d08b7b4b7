import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES_WITH_OWN_TABLE } from './access-matrix.js';
import { call, createTestApp, signInEveryRole, type TestApp } from './helpers.js';

// GET /api/events against a listening server: each person gets their own events, as they commit, and a stream
// that reconnects with Last-Event-ID gets what it missed.
let t: TestApp;
let base: string;
let who: Awaited<ReturnType<typeof signInEveryRole>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  who = await signInEveryRole(t.app);
});
afterAll(async () => t.close());

type Frame = { id?: number; event: string; data: unknown };

/** Opens a stream and collects its frames until closed. */
function open(token: string, lastEventId?: number) {
  const controller = new AbortController();
  const frames: Frame[] = [];
  let ended = false;
  const done = (async () => {
    const res = await fetch(`${base}/api/events`, {
      headers: { authorization: `Bearer ${token}`, ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}) },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((l) => !l.startsWith(':') && l.includes(':'))
              .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
          );
          if (fields.event)
            frames.push({ id: fields.id ? Number(fields.id) : undefined, event: fields.event, data: JSON.parse(fields.data ?? 'null') });
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return { frames, close: () => controller.abort(), done, ended: () => ended };
}

async function until(what: string, test: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function conversation() {
  const project = await call(t.app, 'POST', '/projects', {
    token: who.client.token,
    body: { title: 'Live project', description: 'Talked about live.' },
  });
  return `${project.body.project.id}:${who.client.user.id}`;
}

function say(conversationId: string, text: string) {
  return call(t.app, 'POST', '/superadmin/send-message', {
    token: who.superadmin.token,
    body: { sender_id: who.superadmin.user.id, receiver_id: who.client.user.id, conversation_id: conversationId, message_content: text },
  });
}

describe('the event stream', () => {
  it('opens for every signed-in role and no one else (the access table leaves this route to this file)', async () => {
    expect(ROUTES_WITH_OWN_TABLE['realtime.int.test.ts']).toEqual(['GET /events']);
    const answers: Record<string, number> = {};
    for (const [name, token] of [['anonymous', undefined], ...Object.entries(who).map(([n, a]) => [n, a.token])] as [string, string | undefined][]) {
      const controller = new AbortController();
      const res = await fetch(`${base}/api/events`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal });
      answers[name] = res.status;
      controller.abort();
    }
    expect(answers).toEqual({ anonymous: 401, superadmin: 200, admin: 200, teamlead: 200, teammember: 200, client: 200, otherClient: 200 });
  });

  it("pushes a person's own new message and notification as they commit, and nothing to anyone else", async () => {
    const id = await conversation();
    const mine = open(who.client.token);
    const theirs = open(who.otherClient.token);
    await new Promise((r) => setTimeout(r, 300));
    const sent = await say(id, 'Live hello');
    await until('the pushed message', () => mine.frames.some((f) => f.event === 'message.sent'));
    const pushed = mine.frames.find((f) => f.event === 'message.sent')!;
    expect(pushed.data).toMatchObject({ type: 'message.sent', messageId: sent.body.message.id, conversationId: id });
    expect(pushed.id).toBeGreaterThan(0);
    await until('the pushed notification', () => mine.frames.some((f) => f.event === 'notification.created'));
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.frames).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('replays what a reconnecting stream missed, from Last-Event-ID', async () => {
    const id = await conversation();
    const first = open(who.client.token);
    await new Promise((r) => setTimeout(r, 200));
    await say(id, 'Before the break');
    await until('the first message', () => first.frames.some((f) => f.event === 'message.sent'));
    const lastSeen = Math.max(...first.frames.map((f) => f.id ?? 0));
    first.close();
    await first.done;
    const missed = await say(id, 'While away');
    const again = open(who.client.token, lastSeen);
    await until('the replayed message', () =>
      again.frames.some((f) => f.event === 'message.sent' && (f.data as { messageId: number }).messageId === missed.body.message.id),
    );
    expect(again.frames.every((f) => (f.id ?? Infinity) > lastSeen)).toBe(true);
    again.close();
  });

  it('ends when its session is revoked, and refuses the signed out', async () => {
    const session = await call(t.app, 'POST', '/auth/login', { body: { email: who.teammember.user.email, password: 'correct-horse-battery' } });
    const stream = open(session.body.token);
    await new Promise((r) => setTimeout(r, 300));
    expect((await call(t.app, 'POST', '/auth/logout', { token: session.body.token })).status).toBe(204);
    await until('the stream to end', () => stream.ended());
    expect(stream.frames.map((f) => f.event)).toContain('session.ended');
    const anonymous = await fetch(`${base}/api/events`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses a Last-Event-ID that is no event id, with the reason, and sends no stream', async () => {
    for (const bad of ['abc', '-1', '1'.repeat(40), '12; drop table']) {
      const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${who.client.token}`, 'last-event-id': bad } });
      expect(res.status, bad).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
    }
  });
});
