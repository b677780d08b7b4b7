import { and, gt, min, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import type { DomainEvent, EventMeta, EventType } from '../../core/events.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { eventLog } from '../../db/schema.js';
import { BROADCAST_CHANNEL, type Broadcast } from '../../integrations/broadcast.js';
import { audienceOf, isPushed } from './audience.js';

/** How long pushed events are kept for streams that reconnect. */
export const EVENT_LOG_RETENTION_MS = 60 * 60 * 1000;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** At most this many missed events are replayed on a reconnect; beyond, the stream is told to reload everything. */
const REPLAY_LIMIT = 500;

/** Where a stream's frames go (the response body). */
export type Sink = { write(text: string): unknown; end(text?: string): unknown };
type Stream = { userId: number; sessionId: number; res: Sink };

/** One SSE frame. The data is the event itself, which names no more than its audience may know. */
function frame(id: number | undefined, type: string, data: unknown) {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Realtime push (GET /api/events). Each change's events are written, inside its transaction, to the event log
 * with who may see them, and announced to the other nodes with pg_notify; after the commit every node pushes
 * them to the open streams of those people. A stream that reconnects with Last-Event-ID gets what it missed.
 */
export function createRealtime(ctx: AppContext, broadcast: Broadcast) {
  const streams = new Map<number, Set<Stream>>();
  let open = 0;
  const remoteTypes = new Set<EventType>();

  ctx.events.setBeforeCommit(async (txUnknown, events) => {
    const tx = txUnknown as Tx;
    const metas: EventMeta[] = [];
    for (const event of events) {
      const meta: EventMeta = { origin: 'local' };
      if (isPushed(event.type)) {
        const userIds = await audienceOf(tx, event);
        if (userIds.length) {
          const [row] = await tx
            .insert(eventLog)
            .values({ type: event.type, userIds, payload: event, createdAt: ctx.now() })
            .returning({ id: eventLog.id });
          meta.logId = row.id;
          meta.userIds = userIds;
        }
      }
      if (broadcast.enabled && (meta.logId !== undefined || remoteTypes.has(event.type))) {
        const notice = JSON.stringify({ node: broadcast.nodeId, event, logId: meta.logId, userIds: meta.userIds });
        await tx.execute(sql`select pg_notify(${BROADCAST_CHANNEL}, ${notice})`);
      }
      metas.push(meta);
    }
    return metas;
  });

  broadcast.listen((payload) => {
    const { event, logId, userIds } = payload as { event: DomainEvent; logId?: number; userIds?: number[] };
    void ctx.events.deliver([event], [{ origin: 'remote', logId, userIds }]);
  });

  function remove(stream: Stream) {
    const set = streams.get(stream.userId);
    if (set?.delete(stream)) open -= 1;
    if (set && set.size === 0) streams.delete(stream.userId);
  }

  function push(userIds: readonly number[], text: string) {
    for (const userId of userIds) for (const stream of streams.get(userId) ?? []) stream.res.write(text);
  }

  /** Subscribes the push to an event type (on every node). Called for each pushed type at start. */
  function pushType(type: EventType) {
    ctx.events.subscribe(
      type,
      (event, meta) => {
        if (meta.logId !== undefined && meta.userIds?.length) push(meta.userIds, frame(meta.logId, event.type, event));
      },
      { remote: true },
    );
  }

  for (const type of [
    'message.sent',
    'message.receipt',
    'notification.created',
    'project.status_changed',
    'contract.sent',
    'contract.signed',
    'contract.voided',
    'contract.expired',
  ] as const) {
    pushType(type);
  }
  // Memo invalidations travel between nodes too.
  for (const type of ['session.revoked', 'account.updated', 'message.sent'] as const) remoteTypes.add(type);

  // A revoked session's streams end at once, on whichever node holds them.
  ctx.events.subscribe(
    'session.revoked',
    (event) => {
      for (const set of [...streams.values()]) {
        for (const stream of [...set]) {
          if (stream.sessionId === event.sessionId || stream.userId === event.userId) {
            stream.res.end(frame(undefined, 'session.ended', {}));
            remove(stream);
          }
        }
      }
    },
    { remote: true },
  );

  return {
    /** Also announce `type` to other nodes (for memos that another module keeps). */
    shareAcrossNodes(type: EventType) {
      remoteTypes.add(type);
    },
    pushType,

    openStreams: () => open,

    /** Serves one stream until the client goes away or the session ends. Headers are the caller's. */
    async serve(actor: Actor, res: Sink, onClose: (listener: () => void) => void, lastEventId: number | null) {
      const stream: Stream = { userId: actor.id, sessionId: actor.sessionId, res };
      res.write('retry: 3000\n\n');
      if (lastEventId !== null) {
        const [oldest] = await ctx.db.select({ id: min(eventLog.id) }).from(eventLog);
        if (oldest?.id !== null && oldest?.id !== undefined && lastEventId < oldest.id - 1) {
          // Gone past what the log keeps: the page reloads what it shows instead.
          res.write(frame(undefined, 'resync', {}));
        } else {
          const missed = await ctx.db
            .select()
            .from(eventLog)
            .where(and(gt(eventLog.id, lastEventId), sql`${actor.id} = any(${eventLog.userIds})`))
            .orderBy(eventLog.id)
            .limit(REPLAY_LIMIT + 1);
          if (missed.length > REPLAY_LIMIT) res.write(frame(undefined, 'resync', {}));
          else for (const row of missed) res.write(frame(row.id, row.type, row.payload));
        }
      }
      const set = streams.get(actor.id) ?? new Set<Stream>();
      set.add(stream);
      streams.set(actor.id, set);
      open += 1;
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      onClose(() => {
        clearInterval(heartbeat);
        remove(stream);
      });
    },

    /** Ends every stream (shutdown): their browsers reconnect, to another node when there is one. */
    closeAll() {
      for (const set of [...streams.values()])
        for (const stream of [...set]) {
          stream.res.end();
          remove(stream);
        }
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
