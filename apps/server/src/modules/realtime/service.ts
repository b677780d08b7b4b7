import { and, gt, lte, max, min, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { DomainEvent, EventMeta, EventType } from '../../core/events.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { eventLog } from '../../db/schema.js';
import { BROADCAST_CHANNEL, type Broadcast } from '../../integrations/broadcast.js';
import { audienceOf, isPushed, pushedTypes } from './audience.js';

/** How long pushed events are kept for streams that reconnect. */
export const EVENT_LOG_RETENTION_MS = 60 * 60 * 1000;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** At most this many missed events are replayed on a reconnect; beyond, the stream is told to reload everything. */
const REPLAY_LIMIT = 500;
/**
 * A reconnect replays from this many ids before its Last-Event-ID. Ids commit in order (EVENT_LOG_ORDER_LOCK), but
 * a node may write two events to a stream out of order (each transaction's subscribers run after its own commit),
 * and a stream cut between them would resume past the earlier one. The browser drops ids it has already seen.
 */
export const REPLAY_OVERLAP_IDS = 100;
/**
 * Held by every transaction from its event-log insert to its commit, so event-log ids become visible in the order
 * they are taken: a stream that has seen id N can never later miss a smaller id committing late.
 */
const EVENT_LOG_ORDER_LOCK = 734_002;

/** Where a stream's frames go (the response body). */
export type Sink = { write(text: string): unknown; end(text?: string): unknown };
/** `held`: frames pushed while the stream is still replaying what it missed, written once the replay is done. */
type Stream = { userId: number; sessionId: number; res: Sink; held: { id: number; text: string }[] | null };

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
    // Audiences first, outside the lock: it is then held only for the inserts, the notices and the commit.
    const audiences: number[][] = [];
    for (const event of events) audiences.push(isPushed(event.type) ? await audienceOf(tx, event) : []);
    const logged = events.flatMap((event, i) => (audiences[i].length ? [i] : []));
    const logIds = new Map<number, number>();
    if (logged.length) {
      await tx.execute(sql`select pg_advisory_xact_lock(${EVENT_LOG_ORDER_LOCK})`);
      // One insert for the transaction's events: ids are taken in the order of the rows, so the smallest is the first.
      const rows = await tx
        .insert(eventLog)
        .values(logged.map((i) => ({ type: events[i].type, userIds: audiences[i], payload: events[i], createdAt: ctx.now() })))
        .returning({ id: eventLog.id });
      const ids = rows.map((row) => row.id).sort((a, b) => a - b);
      logged.forEach((eventIndex, n) => logIds.set(eventIndex, ids[n]));
    }
    const metas: EventMeta[] = [];
    for (const [i, event] of events.entries()) {
      const meta: EventMeta = { origin: 'local' };
      const logId = logIds.get(i);
      if (logId !== undefined) {
        meta.logId = logId;
        meta.userIds = audiences[i];
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

  function push(userIds: readonly number[], id: number, text: string) {
    for (const userId of userIds)
      for (const stream of streams.get(userId) ?? []) {
        if (stream.held) stream.held.push({ id, text });
        else stream.res.write(text);
      }
  }

  /** Subscribes the push to an event type (on every node). Called for each pushed type at start. */
  function pushType(type: EventType) {
    ctx.events.subscribe(
      type,
      (event, meta) => {
        if (meta.logId !== undefined && meta.userIds?.length) push(meta.userIds, meta.logId, frame(meta.logId, event.type, event));
      },
      { remote: true },
    );
  }

  // Every event type that has an audience (audience.ts) is pushed: board changes and invoices as much as messages.
  for (const type of pushedTypes()) pushType(type);
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

    /**
     * Serves one stream until the client goes away or the session ends. Headers are the caller's.
     *
     * The stream is registered before the log is read, holding what is pushed meanwhile: an event committed between
     * the replay and the registration would otherwise reach neither. The replay reads up to the newest id at that
     * moment (every smaller id has committed, EVENT_LOG_ORDER_LOCK), then that id is sent as the stream's own, so a
     * stream that has had no event yet still resumes from where it opened; held frames above it follow.
     */
    async serve(actor: Actor, res: Sink, onClose: (listener: () => void) => void, lastEventId: number | null) {
      const set = streams.get(actor.id) ?? new Set<Stream>();
      // Each stream holds a connection, a file and its buffers: a person's are bounded on each node, per session
      // (a browser's tabs) and in all (their devices). Refused rather than evicting the oldest: with more tabs than
      // the limit, evicted streams reconnecting would evict each other forever. A refused tab keeps polling.
      const ofSession = [...set].filter((s) => s.sessionId === actor.sessionId).length;
      if (ofSession >= ctx.config.eventStreams.perSession || set.size >= ctx.config.eventStreams.perPerson) {
        throw new AppError(
          'RATE_LIMITED',
          ofSession >= ctx.config.eventStreams.perSession
            ? `At most ${ctx.config.eventStreams.perSession} event streams may be open per session; close another tab first`
            : `At most ${ctx.config.eventStreams.perPerson} event streams may be open per person; close another tab or device first`,
          { 'retry-after': '30' },
        );
      }
      const stream: Stream = { userId: actor.id, sessionId: actor.sessionId, res, held: [] };
      set.add(stream);
      streams.set(actor.id, set);
      open += 1;
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      onClose(() => {
        clearInterval(heartbeat);
        remove(stream);
      });
      res.write('retry: 3000\n\n');
      try {
        const [bounds] = await ctx.db.select({ oldest: min(eventLog.id), newest: max(eventLog.id) }).from(eventLog);
        const newest = bounds?.newest ?? 0;
        if (lastEventId !== null) {
          const oldest = bounds?.oldest ?? null;
          if (oldest !== null && lastEventId < oldest - 1) {
            // Gone past what the log keeps: the page reloads what it shows instead.
            res.write(frame(undefined, 'resync', {}));
          } else if (lastEventId < newest) {
            const missed = await ctx.db
              .select()
              .from(eventLog)
              .where(
                and(
                  gt(eventLog.id, Math.max(0, lastEventId - REPLAY_OVERLAP_IDS)),
                  lte(eventLog.id, newest),
                  sql`${actor.id} = any(${eventLog.userIds})`,
                ),
              )
              .orderBy(eventLog.id)
              .limit(REPLAY_LIMIT + 1);
            if (missed.length > REPLAY_LIMIT) res.write(frame(undefined, 'resync', {}));
            else for (const row of missed) res.write(frame(row.id, row.type, row.payload));
          }
        }
        // Ended meanwhile (the client went away, the session was revoked, the node is stopping): nothing more to write.
        if (!streams.get(actor.id)?.has(stream)) return;
        // No event, only the id to resume from: browsers keep it as the stream's last event id.
        res.write(`id: ${newest}\n: ready\n\n`);
        const held = stream.held ?? [];
        stream.held = null;
        for (const f of held) if (f.id > newest) res.write(f.text);
      } catch (err) {
        clearInterval(heartbeat);
        remove(stream);
        throw err;
      }
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
