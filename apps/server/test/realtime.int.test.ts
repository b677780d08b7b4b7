import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/core/actor.js';
import { REPLAY_OVERLAP_IDS } from '../src/modules/realtime/service.js';
import { ROUTES_WITH_OWN_TABLE } from './access-matrix.js';
import { call, createTestApp, must, signInEveryRole, type TestApp } from './helpers.js';

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
// A failed test may leave its streams open: end them, or closing the server would wait for them.
const openStreams: AbortController[] = [];
afterAll(async () => {
  for (const controller of openStreams) controller.abort();
  await t.close();
});

type Frame = { id?: number; event: string; data: unknown };

/** Opens a stream and collects its frames until closed; `lastId` is what a browser would send on reconnecting. */
function open(token: string, lastEventId?: number) {
  const controller = new AbortController();
  openStreams.push(controller);
  const frames: Frame[] = [];
  let ended = false;
  let lastId: number | undefined;
  let ready = false;
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
          if (fields.id) lastId = Number(fields.id);
          if (block.split('\n').includes(': ready')) ready = true;
          if (fields.event)
            frames.push({ id: fields.id ? Number(fields.id) : undefined, event: fields.event, data: JSON.parse(fields.data ?? 'null') });
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return { frames, close: () => controller.abort(), done, ended: () => ended, lastId: () => lastId, ready: () => ready };
}

/** The events of one type a stream received. */
const eventsOf = (stream: { frames: Frame[] }, type: string) => stream.frames.filter((f) => f.event === type);

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
    // The change's two events are logged together, each with its own id, and pushed in the order of their ids.
    const ids = mine.frames.filter((f) => f.id !== undefined).map((f) => f.id!);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
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
    await until('the stream to be ready', () => again.ready());
    // The replay starts a few ids early (a node may write two events out of order); what it repeats, the browser
    // has already had, and drops by id.
    for (const f of again.frames.filter((x) => x.id! <= lastSeen)) expect(f.id).toBeGreaterThan(lastSeen - REPLAY_OVERLAP_IDS);
    expect(
      again.frames.filter((f) => (f.data as { messageId?: number }).messageId === missed.body.message.id && f.event === 'message.sent'),
    ).toHaveLength(1);
    again.close();
  });

  it('names the id to resume from as soon as it opens, so a stream that has had no event yet resumes without a gap', async () => {
    const id = await conversation();
    const quiet = open(who.client.token);
    await until('the stream to be ready', () => quiet.ready());
    const from = quiet.lastId();
    expect(from).toBeGreaterThan(0);
    expect(quiet.frames).toEqual([]);
    quiet.close();
    await quiet.done;
    const missed = await say(id, 'Sent before the first event ever reached this stream');
    const again = open(who.client.token, from);
    await until('the replayed message', () =>
      eventsOf(again, 'message.sent').some((f) => (f.data as { messageId: number }).messageId === missed.body.message.id),
    );
    await until('the stream to be ready', () => again.ready());
    expect(again.lastId()).toBeGreaterThanOrEqual(Math.max(...again.frames.map((f) => f.id ?? 0)));
    again.close();
  });

  it('keeps what is pushed while a reconnect is being replayed, and writes it once, after the replay', async () => {
    const id = await conversation();
    const first = open(who.client.token);
    await until('the stream to be ready', () => first.ready());
    await say(id, 'Before the break');
    await until('the first message', () => eventsOf(first, 'message.sent').length === 1);
    const lastSeen = first.lastId()!;
    first.close();
    await first.done;
    const missed = await say(id, 'While away');

    // The stream as the route serves it, into a sink that watches the order of the frames. The moment the replayed
    // message is written, another node's commit notice arrives (as it may while this node reads the log): its event
    // must neither be lost (the old order: replay, then register) nor come before the replay ends.
    const written: string[] = [];
    const lateId = 1_000_000_000;
    const late = { type: 'board.changed' as const, projectId: 1, change: 'columns' as const, actorId: Number(who.superadmin.user.id) };
    let injected = false;
    const sink = {
      write(text: string) {
        written.push(text);
        if (!injected && text.includes(`"messageId":${missed.body.message.id}`)) {
          injected = true;
          void t.app.ctx.events.deliver([late], [{ origin: 'remote', logId: lateId, userIds: [Number(who.client.user.id)] }]);
        }
      },
      end() {},
    };
    const closers: (() => void)[] = [];
    const actor = { id: Number(who.client.user.id), sessionId: -1 } as unknown as Actor;
    await t.app.realtime.serve(actor, sink, (close) => closers.push(close), lastSeen);
    try {
      expect(injected).toBe(true);
      const frameIds = written.flatMap((text) => (/^id: (\d+)$/m.exec(text) ? [Number(/^id: (\d+)$/m.exec(text)![1])] : []));
      const replayedAt = written.findIndex((text) => text.includes(`"messageId":${missed.body.message.id}`));
      const readyAt = written.findIndex((text) => text.includes(': ready'));
      const lateAt = written.findIndex((text) => text.includes(`id: ${lateId}\n`));
      expect(written.filter((text) => text.includes(`id: ${lateId}\n`))).toHaveLength(1);
      expect(replayedAt).toBeGreaterThan(-1);
      expect(readyAt).toBeGreaterThan(replayedAt);
      expect(lateAt).toBeGreaterThan(readyAt);
      // Ids only go up from the end of the replay on: the browser's Last-Event-ID never moves back.
      const afterReplay = frameIds.slice(frameIds.indexOf(Number(/^id: (\d+)$/m.exec(written[replayedAt])![1])));
      expect(afterReplay).toEqual([...afterReplay].sort((x, y) => x - y));
    } finally {
      for (const close of closers) close();
    }
  });

  it("pushes a board change to the project's team and staff as it commits, never to the project's client", async () => {
    const created = await call(t.app, 'POST', '/projects', {
      token: who.client.token,
      body: { title: 'Live board', description: 'A board watched live.' },
    });
    const projectId = must(created, 201, 'project').body.project.id as string;
    must(
      await call(t.app, 'POST', `/projects/${projectId}/approve`, {
        token: who.superadmin.token,
        body: { team_lead_id: who.teamlead.user.id, member_ids: [who.teammember.user.id] },
      }),
      200,
      'approve',
    );
    must(await call(t.app, 'POST', `/projects/${projectId}/status`, { token: who.teamlead.token, body: { status: 'in_progress' } }), 200, 'start');
    const board = must(await call(t.app, 'GET', `/projects/${projectId}/board`, { token: who.teamlead.token }), 200, 'board').body;
    const [todo, doing] = [board.columns[1], board.columns[2]];
    const card = must(
      await call(t.app, 'POST', `/projects/${projectId}/board/cards`, { token: who.teamlead.token, body: { column_id: todo.id, title: 'Move me' } }),
      201,
      'card',
    ).body.card;

    const member = open(who.teammember.token);
    const staff = open(who.admin.token);
    const client = open(who.client.token);
    const outsider = open(who.otherClient.token);
    await until('the streams to be ready', () => [member, staff, client, outsider].every((s) => s.ready()));
    must(
      await call(t.app, 'POST', `/board/cards/${card.id}/move`, { token: who.teamlead.token, body: { version: card.version, column_id: doing.id } }),
      200,
      'move',
    );
    const moved = (s: typeof member) => eventsOf(s, 'board.changed').some((f) => (f.data as { change: string }).change === 'card_moved');
    await until("the move on the team member's stream", () => moved(member));
    await until("the move on the admin's stream", () => moved(staff));
    expect(eventsOf(member, 'board.changed').find((f) => (f.data as { change: string }).change === 'card_moved')!.data).toMatchObject({
      type: 'board.changed',
      projectId: Number(projectId),
      cardId: Number(card.id),
      actorId: Number(who.teamlead.user.id),
    });
    // A message afterwards reaches the client: by then the move would have too, had it been sent.
    const message = await say(`${projectId}:${who.client.user.id}`, 'Your board moved on (you cannot see it).');
    await until('the later message on the client stream', () =>
      eventsOf(client, 'message.sent').some((f) => (f.data as { messageId: number }).messageId === message.body.message.id),
    );
    expect(eventsOf(client, 'board.changed')).toEqual([]);
    expect(outsider.frames).toEqual([]);
    for (const s of [member, staff, client, outsider]) s.close();
  });

  it("pushes a read receipt to both sides of the conversation and a project's status change to its people, and to nobody else", async () => {
    const id = await conversation();
    const projectId = id.split(':')[0];
    const owner = open(who.superadmin.token);
    const client = open(who.client.token);
    const lead = open(who.teamlead.token);
    const outsider = open(who.otherClient.token);
    await until('the streams to be ready', () => [owner, client, lead, outsider].every((s) => s.ready()));

    const sent = await say(id, 'Read me');
    must(await call(t.app, 'PUT', `/client/messages/${sent.body.message.id}/read`, { token: who.client.token }), 200, 'read');
    const read = (s: typeof owner) =>
      eventsOf(s, 'message.receipt').some((f) => (f.data as { messageId: number; receipt: string }).messageId === sent.body.message.id);
    await until("the receipt on the sender's stream", () => read(owner));
    await until("the receipt on the reader's stream", () => read(client));
    expect(eventsOf(owner, 'message.receipt').find((f) => (f.data as { messageId: number }).messageId === sent.body.message.id)!.data).toMatchObject({
      receipt: 'read',
      senderId: Number(who.superadmin.user.id),
      receiverId: Number(who.client.user.id),
    });

    must(
      await call(t.app, 'POST', `/projects/${projectId}/approve`, { token: who.superadmin.token, body: { team_lead_id: who.teamlead.user.id } }),
      200,
      'approve',
    );
    const approved = (s: typeof owner) =>
      eventsOf(s, 'project.status_changed').some((f) => (f.data as { projectId: number; to: string }).projectId === Number(projectId));
    await until("the approval on the client's stream", () => approved(client));
    await until("the approval on the team lead's stream", () => approved(lead));
    await until("the approval on the super admin's stream", () => approved(owner));
    expect(
      eventsOf(client, 'project.status_changed').find((f) => (f.data as { projectId: number }).projectId === Number(projectId))!.data,
    ).toMatchObject({
      from: 'pending',
      to: 'approved',
    });
    // Neither the receipt nor the status change is the team lead's business until the approval, nor ever the other client's.
    expect(eventsOf(lead, 'message.receipt')).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(outsider.frames).toEqual([]);
    for (const s of [owner, client, lead, outsider]) s.close();
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
