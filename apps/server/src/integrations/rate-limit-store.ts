import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Database } from '../db/client.js';

// One statement counts a request and says how long its window has left: a window that has passed starts over.
const INCREMENT = `
insert into rate_limits (key, count, reset_at) values ($1, 1, now() + ($2::int * interval '1 millisecond'))
on conflict (key) do update set
  count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
  reset_at = case when rate_limits.reset_at <= now() then now() + ($2::int * interval '1 millisecond') else rate_limits.reset_at end
returning count, (extract(epoch from (reset_at - now())) * 1000)::int as ttl`;

/**
 * Rate-limit counters in the database, so every node counts the same requests (DESIGN section 3). One atomic
 * upsert per counted request; only the doors that need a limit are counted, never the hot poll.
 */
export function databaseRateLimitStore(database: Database, prefix = 'rl:'): new (options?: unknown) => FastifyRateLimitStore {
  class DatabaseStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its options; only the key prefix matters here.
    constructor(
      _options?: unknown,
      private readonly keyPrefix = prefix,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      database
        .executeSql(INCREMENT, [`${this.keyPrefix}${key}`, timeWindow])
        .then(({ rows }) => {
          const row = rows[0] as { count: number; ttl: number };
          callback(null, { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) });
        })
        .catch((err: Error) => callback(err));
    }

    // The plugin passes the route's merged limit options, with the route itself as `routeInfo`.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const merged = routeOptions as unknown as { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string };
      const info = merged.routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new DatabaseStore(undefined, `${this.keyPrefix}${merged.groupId ?? `${method}${info.url ?? ''}`}:`);
    }
  }
  return DatabaseStore;
}

/** Counts one hit on a counter of its own (not a route's): how many in the window so far, and how long it has left. */
export async function countHit(database: Database, key: string, windowMs: number): Promise<{ current: number; ttlMs: number }> {
  const { rows } = await database.executeSql(INCREMENT, [key, windowMs]);
  const row = rows[0] as { count: number; ttl: number };
  return { current: Number(row.count), ttlMs: Math.max(0, Number(row.ttl)) };
}

/** Counters whose window ended an hour ago are garbage: a periodic job deletes them. */
export async function deleteExpiredRateLimits(database: Database) {
  await database.executeSql(`delete from rate_limits where reset_at < now() - interval '1 hour'`);
}
