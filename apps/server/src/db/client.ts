import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import { unpackDirectory } from './directory-pack.js';
import * as schema from './schema.js';

// Each database's driver is loaded only when that database is opened:
// a start on the embedded database never parses the PostgreSQL client, and one on PostgreSQL never PGlite.

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: service helpers accept both. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server's address when `kind` is postgres (the job runner opens its own small pool on it). */
  url?: string;
  /** One raw statement (or, without values, a script of several), for libraries that speak SQL themselves. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * One statement whose columns are all text, rows as arrays (the hot answers that write their JSON themselves):
   * named, so that PostgreSQL parses and plans it once per connection.
   */
  queryTextRows(name: string, text: string, values: unknown[]): Promise<(string | null)[][]>;
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding the advisory lock `key` (PostgreSQL; every node of a cluster waits its turn), so
   * set-up work that is not safe to run twice at once is done by one node at a time. The embedded database
   * has one process only: `fn` just runs.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** The embedded database's whole data directory as one uncompressed tar (PGlite only: a copy to start others from). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /** In memory only: start from this data directory (a `dump()` of another), not from a new cluster. */
  loadDataDir?: Blob;
  poolSize?: number;
  /** The embedded database's shared_buffers (`16MB`); PGlite's own default (128MB) when unset. */
  sharedBuffers?: string;
  /**
   * The embedded database's snapshot for an empty DATA_DIR (a cluster shut down cleanly, packed in one file by
   * db/directory-pack.ts); by default the build's, beside the built server; `null`: none, the cluster is created.
   */
  snapshotFile?: string | null;
  /** Told about errors of idle pooled connections (a server restart or failover); they never end the process. */
  onPoolError?: (err: Error) => void;
};

export function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder not found');
}

/** Where the embedded database keeps its files inside DATA_DIR. */
export function embeddedDatabaseDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/**
 * A fresh embedded database made at build time beside the built server (build.mjs, db/snapshot.ts): the build's
 * migrations applied, the job queue's schema and queues set up, and shut down cleanly. Creating a cluster (over a
 * thousand files), its tables and the job queue's partitions costs several CPU-seconds and leaves tens of MB of
 * WebAssembly memory behind; unpacking this costs a fraction, so a first start on an empty DATA_DIR is a later start
 * on a copy. Migrations still run after it (none are pending unless the snapshot is older than the code). Absent when
 * running from source: the cluster is then created as usual.
 */
export const EMBEDDED_SNAPSHOT = 'pglite-snapshot.pack';

/**
 * Opens the embedded database in `dir`. A directory without a cluster gets the snapshot first, unpacked beside it and
 * moved into place in one rename, so a start interrupted half-way leaves no half a cluster behind.
 */
async function openEmbedded(dir: string, options: { sharedBuffers?: string; snapshot?: string | null }): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const snapshot = options.snapshot === undefined ? path.join(path.dirname(fileURLToPath(import.meta.url)), EMBEDDED_SNAPSHOT) : options.snapshot;
  const empty = !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
  if (empty && snapshot && fs.existsSync(snapshot)) {
    const partial = `${dir}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(partial), { recursive: true });
    // Uncompressed and read a megabyte at a time: no archive to inflate in this process, whose memory would stay
    // with it.
    unpackDirectory(snapshot, partial);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(partial, dir);
  }
  fs.mkdirSync(dir, { recursive: true });
  return new PGlite(dir, { startParams: startParams(PGlite.defaultStartParams, options.sharedBuffers) });
}

/**
 * PGlite's start parameters with our buffer cache size. PostgreSQL touches all of shared_buffers when it starts,
 * so it is resident memory from the first second: 128MB by default, which a small installation does not need (its
 * pages are read from the operating system's file cache anyway).
 */
function startParams(defaults: string[], sharedBuffers: string | undefined): string[] {
  return [...defaults, ...(sharedBuffers ? ['-c', `shared_buffers=${sharedBuffers}`] : [])];
}

/** The session lock that lets one node at a time apply migrations (any fixed 64-bit number unique to this use). */
const MIGRATION_LOCK_KEY = 7_261_004_201;

/** Holds a session-level advisory lock on a connection of its own while `fn` runs. */
async function withAdvisoryLock<T>(pool: Pool, key: number, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await fn(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]).catch((err: Error) => (broken = err));
    }
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * Applies pending migrations while holding an advisory lock. Drizzle's migrator is not safe to run twice at once
 * (two nodes of a cluster starting together would both read "nothing applied" and both run the same statements,
 * one of them failing half-way): the second node waits here for the first, then finds every migration recorded
 * and does nothing. The lock and the migration share one connection, so a node that dies mid-migration releases
 * the lock with its connection (and its migration transaction rolls back).
 */
async function migrateLocked(pool: Pool, migrationsFolder: string) {
  const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);
  return withAdvisoryLock(pool, MIGRATION_LOCK_KEY, (client) => migrate(drizzle(client, { schema }) as never, { migrationsFolder }));
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = findMigrationsFolder();
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // While the server is down a request fails fast (503) instead of waiting for a connection forever.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // Without a listener, an idle connection's error (the server restarting) would be thrown as an unhandled
    // 'error' event and end the process. The pool drops the broken client and connects afresh when asked.
    pool.on('error', (err) => options.onPoolError?.(err));
    // A client checked out for a transaction has no pool listener: a termination that arrives between two of
    // its queries would be an unhandled 'error' event too. Every client gets its own listener; the query in
    // flight (if any) fails with the error and the pool discards the client on release.
    pool.on('connect', (client) => client.on('error', (err) => options.onPoolError?.(err)));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: options.databaseUrl,
      executeSql: (text, values) => pool.query(text, values),
      queryTextRows: async (name, text, values) => (await pool.query<(string | null)[]>({ name, text, values, rowMode: 'array' })).rows,
      migrate: () => migrateLocked(pool, migrationsFolder),
      withLock: (key, fn) => withAdvisoryLock(pool, key, () => fn()),
      close: () => pool.end(),
    };
  }
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  if (options.inMemory) {
    const { PGlite } = await import('@electric-sql/pglite');
    client = new PGlite({ startParams: startParams(PGlite.defaultStartParams, options.sharedBuffers), loadDataDir: options.loadDataDir });
  } else {
    client = await openEmbedded(embeddedDatabaseDir(options.dataDir), { sharedBuffers: options.sharedBuffers, snapshot: options.snapshotFile });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
    queryTextRows: async (_name, text, values) => (await client.query<(string | null)[]>(text, values, { rowMode: 'array' })).rows,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    withLock: (_key, fn) => fn(),
    async dump() {
      // Written to the data files first: a copy then starts without replaying the log.
      await client.exec('checkpoint');
      return client.dumpDataDir('none');
    },
    close: () => client.close(),
  };
}
