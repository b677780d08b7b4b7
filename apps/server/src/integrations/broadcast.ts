import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { safeErrorMessage } from '../lib/log-safety.js';

/**
 * Events between the nodes of a cluster, over PostgreSQL's LISTEN/NOTIFY: a node sends `pg_notify` inside the
 * transaction of the change (so the others hear of it exactly when it commits, never of a rolled-back one), and
 * listens on one dedicated connection that reconnects on its own. On the embedded database there is one process
 * and nothing to broadcast.
 */
export const BROADCAST_CHANNEL = 'agency_events';

const MAX_RECONNECT_DELAY_MS = 1000;

export type Broadcast = {
  /** This process's id: its own notices come back to it and are skipped. */
  readonly nodeId: string;
  readonly enabled: boolean;
  /** Whether notices from the other nodes are being heard now (always true when there is nothing to hear). */
  listening(): boolean;
  listen(handler: (payload: unknown) => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function createBroadcast(options: { databaseUrl?: string; log: FastifyBaseLogger }): Broadcast {
  const nodeId = crypto.randomUUID();
  const handlers: ((payload: unknown) => void)[] = [];
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let heard = false;

  async function connect(delayMs = 0): Promise<void> {
    if (stopped || !options.databaseUrl) return;
    if (delayMs) {
      await new Promise<void>((resolve) => {
        retry = setTimeout(resolve, delayMs);
      });
      retry = null;
      if (stopped) return;
    }
    // The PostgreSQL client is loaded only when there is a cluster to hear (never on the embedded database).
    const { default: Pg } = await import('pg');
    if (stopped) return;
    const next = new Pg.Client({ connectionString: options.databaseUrl, application_name: 'agency-broadcast' });
    const again = (err?: Error) => {
      if (client !== next || stopped) return;
      client = null;
      heard = false;
      if (err) options.log.warn({ error: safeErrorMessage(err) }, 'event broadcast connection lost; reconnecting');
      next.end().catch(() => undefined);
      // At most a second between attempts: while this connection is down, this node's streams miss what the
      // other nodes publish, so it comes back as soon as the database does.
      void connect(Math.min(MAX_RECONNECT_DELAY_MS, Math.max(250, delayMs * 2)));
    };
    next.on('error', again);
    next.on('end', () => again());
    next.on('notification', (message) => {
      if (message.channel !== BROADCAST_CHANNEL || !message.payload) return;
      let payload: { node?: string };
      try {
        payload = JSON.parse(message.payload);
      } catch {
        return;
      }
      if (payload.node === nodeId) return;
      for (const handler of handlers) handler(payload);
    });
    try {
      client = next;
      await next.connect();
      await next.query(`LISTEN ${BROADCAST_CHANNEL}`);
      if (client === next) heard = true;
    } catch (err) {
      again(err as Error);
    }
  }

  return {
    nodeId,
    enabled: Boolean(options.databaseUrl),
    listening: () => !options.databaseUrl || heard,
    listen(handler) {
      handlers.push(handler);
    },
    start: () => connect(),
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
