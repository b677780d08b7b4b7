import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../test/server';
import { readApiError } from '../lib/http';
import { isOwnEcho, openLiveEvents, reconnectDelayMs, staleKeysFor } from './live-events';
import { queryKeys } from '../lib/query-keys';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A stream that sends these frames, then stays open. */
function streamOf(frames: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const f of frames) controller.enqueue(encoder.encode(f));
    },
  });
}

async function until(test: () => boolean) {
  const end = Date.now() + 3000;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the event stream in the browser', () => {
  it('makes stale exactly what each kind of event touches', () => {
    expect(staleKeysFor('message.sent')).toEqual([queryKeys.messaging.all]);
    expect(staleKeysFor('message.receipt')).toEqual([queryKeys.messaging.all]);
    expect(staleKeysFor('notification.created')).toEqual([queryKeys.notifications.all]);
    expect(staleKeysFor('invoice.payment_recorded')).toEqual([queryKeys.invoices.all]);
    expect(staleKeysFor('board.changed')).toEqual([queryKeys.board.all]);
    expect(staleKeysFor('resync')).toBe('all');
    expect(staleKeysFor('something.unknown')).toEqual([]);
  });

  it('sends the bearer token and refetches the chat and the badges as events arrive', async () => {
    let authorization: string | null = null;
    server.use(
      http.get('/api/events', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return new HttpResponse(
          streamOf([
            'id: 7\nevent: message.sent\ndata: {"messageId":1}\n\n',
            ': heartbeat\n\n',
            'id: 8\nevent: notification.created\ndata: {"userIds":[1]}\n\n',
          ]),
          { headers: { 'content-type': 'text/event-stream' } },
        );
      }),
    );
    const client = new QueryClient();
    const thread = client.getQueryCache().build(client, { queryKey: queryKeys.messaging.thread('client', '1:2') });
    const badge = client.getQueryCache().build(client, { queryKey: queryKeys.notifications.unreadCount });
    const untouched = client.getQueryCache().build(client, { queryKey: queryKeys.invoices.summary });
    for (const q of [thread, badge, untouched]) q.setData(1);

    closers.push(openLiveEvents('tok-1', '5', client));
    await until(() => thread.state.isInvalidated && badge.state.isInvalidated);
    expect(authorization).toBe('Bearer tok-1');
    expect(untouched.state.isInvalidated).toBe(false);
  });

  it('asks again when an event arrives while a screen is still loading for the first time, so the change shows at once', async () => {
    const encoder = new TextEncoder();
    let push: ((frame: string) => void) | undefined;
    server.use(
      http.get(
        '/api/events',
        () =>
          new HttpResponse(
            new ReadableStream<Uint8Array>({ start: (controller) => void (push = (frame) => controller.enqueue(encoder.encode(frame))) }),
            { headers: { 'content-type': 'text/event-stream' } },
          ),
      ),
    );
    const client = new QueryClient();
    closers.push(openLiveEvents('tok-1', '5', client));
    let inbox = 'before the message';
    let asked = 0;
    let answerFirst = () => {};
    const observer = new QueryObserver(client, {
      queryKey: queryKeys.messaging.conversations('superadmin', '5'),
      queryFn: async () => {
        asked += 1;
        const read = inbox;
        // The first answer was read before the message was sent and reaches the page after its event.
        if (asked === 1) await new Promise<void>((resolve) => (answerFirst = resolve));
        return read;
      },
    });
    closers.push(observer.subscribe(() => {}));
    await until(() => asked === 1 && push !== undefined);

    inbox = 'with the message';
    push!('id: 1\nevent: message.sent\ndata: {"senderId":6,"receiverId":5}\n\n');
    await until(() => asked === 2);
    answerFirst();
    await until(() => observer.getCurrentResult().status === 'success');
    expect(observer.getCurrentResult().data).toBe('with the message');
  });

  it("leaves alone what this person's own action changed, but not the receipts of their messages", async () => {
    expect(isOwnEcho('board.changed', { projectId: 3, actorId: 5 }, '5')).toBe(true);
    expect(isOwnEcho('board.changed', { projectId: 3, actorId: 6 }, '5')).toBe(false);
    expect(isOwnEcho('message.sent', { senderId: 5, receiverId: 6 }, '5')).toBe(true);
    expect(isOwnEcho('message.receipt', { senderId: 5, receiverId: 6, receipt: 'read' }, '5')).toBe(false);
    expect(isOwnEcho('project.status_changed', { actorId: null }, '5')).toBe(false);

    server.use(
      http.get(
        '/api/events',
        () =>
          new HttpResponse(
            streamOf([
              'id: 1\nevent: board.changed\ndata: {"projectId":3,"actorId":5}\n\n',
              'id: 2\nevent: notification.created\ndata: {"userIds":[5]}\n\n',
            ]),
            { headers: { 'content-type': 'text/event-stream' } },
          ),
      ),
    );
    const client = new QueryClient();
    const board = client.getQueryCache().build(client, { queryKey: queryKeys.board.board('3') });
    const badge = client.getQueryCache().build(client, { queryKey: queryKeys.notifications.unreadCount });
    for (const q of [board, badge]) q.setData(1);
    closers.push(openLiveEvents('tok-1', '5', client));
    await until(() => badge.state.isInvalidated);
    expect(board.state.isInvalidated).toBe(false);
  });

  it('stops for good when the person must first turn on two-factor authentication', async () => {
    let opened = 0;
    server.use(
      http.get('/api/events', () => {
        opened += 1;
        return HttpResponse.json({ error: 'Turn on two-factor authentication first', code: 'MFA_ENROLMENT_REQUIRED' }, { status: 403 });
      }),
    );
    closers.push(openLiveEvents('staff', '5', new QueryClient()));
    await until(() => opened === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(opened).toBe(1);
  });

  it('refetches the open board at once when someone else changes it, and acts on an event sent twice only once', async () => {
    const encoder = new TextEncoder();
    server.use(
      http.get(
        '/api/events',
        () =>
          new HttpResponse(
            new ReadableStream<Uint8Array>({
              start(controller) {
                controller.enqueue(encoder.encode('id: 3\n: ready\n\nid: 4\nevent: board.changed\ndata: {"projectId":3,"actorId":6}\n\n'));
                // A replay that starts before the last id seen repeats it.
                setTimeout(() => {
                  controller.enqueue(encoder.encode('id: 4\nevent: board.changed\ndata: {"projectId":3,"actorId":6}\n\n'));
                  controller.enqueue(encoder.encode('id: 9\nevent: notification.created\ndata: {"userIds":[5]}\n\n'));
                }, 300);
              },
            }),
            { headers: { 'content-type': 'text/event-stream' } },
          ),
      ),
    );
    const client = new QueryClient();
    const board = client.getQueryCache().build(client, { queryKey: queryKeys.board.board('3') });
    const badge = client.getQueryCache().build(client, { queryKey: queryKeys.notifications.unreadCount });
    for (const q of [board, badge]) q.setData(1);
    closers.push(openLiveEvents('tok-1', '5', client));
    await until(() => board.state.isInvalidated);
    board.setData(2);
    await until(() => badge.state.isInvalidated);
    expect(board.state.isInvalidated).toBe(false);
  });

  it('waits half a minute before asking again when the server has no stream to spare for this tab', async () => {
    const busy = await readApiError(
      HttpResponse.json({ error: 'At most 4 event streams may be open per session', code: 'RATE_LIMITED' }, { status: 429 }),
    );
    expect(reconnectDelayMs(busy, () => 0)).toBe(30_000);
    expect(reconnectDelayMs(busy, () => 1)).toBe(40_000);
    // Any other drop (a node restarting) is retried after 5-7 s.
    expect(reconnectDelayMs(new Error('The event stream closed'), () => 0)).toBe(5000);
    expect(reconnectDelayMs(new Error('The event stream closed'), () => 1)).toBe(7000);
  });

  it('stops for good when the session is refused', async () => {
    let opened = 0;
    server.use(
      http.get('/api/events', () => {
        opened += 1;
        return HttpResponse.json({ error: 'Sign in to continue', code: 'UNAUTHENTICATED' }, { status: 401 });
      }),
    );
    closers.push(openLiveEvents('revoked', '5', new QueryClient()));
    await until(() => opened === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(opened).toBe(1);
  });
});
