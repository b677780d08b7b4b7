import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { isDatabaseUnavailable } from '../core/unavailable.js';
import type { Database } from '../db/client.js';
import { safeErrorMessage } from '../lib/log-safety.js';

/**
 * Background jobs on pg-boss, on both databases: PostgreSQL directly, PGlite through pg-boss's `db` option over
 * the embedded database. A job is stored in the database, so it survives a restart and runs once however many
 * nodes run. Handlers must be idempotent (STYLE 20): the runner retries a failed job with backoff.
 */
export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export type QueueSpec = {
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** `stately`: at most one queued and one running job per singleton key (duplicates collapse). */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** Run on this cron schedule (UTC), in addition to any job sent. */
  cron?: string;
  /** Jobs taken per poll and run side by side (default 10): a backlog drains without waiting a poll per job. */
  batchSize?: number;
};

export type SendOptions = { singletonKey?: string; startAfterSeconds?: number };

export type JobRunner = {
  /** Registers a queue and its handler; call before `start`. */
  define<T extends object>(name: string, handler: JobHandler<T>, spec?: QueueSpec): void;
  /** Enqueues a job; while the runner is starting, it waits for the start (a request may come first). */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Starts the runner; `send` and `pending` called from now on wait for it. While the database cannot be reached
   * (down, restarting) it tries again, every second and then less often, until it starts or `stop` is called;
   * any other failure rejects.
   */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Jobs waiting or running in a queue (metrics and tests). */
  pending(name: string): Promise<number>;
};

export type JobRunnerOptions = {
  database: Database;
  log: FastifyBaseLogger;
  pollIntervalSeconds: number;
  /** The waits between tries while the database cannot be reached, in ms; the last one repeats. */
  retryDelaysMs?: readonly number[];
};

const RETRY_DELAYS_MS = [1000, 2000, 5000] as const;

/** The advisory lock under which one node at a time creates or updates the queues (see `open`). */
const QUEUE_SETUP_LOCK_KEY = 7_261_004_202;

type Definition = { name: string; handler: JobHandler<object>; spec: QueueSpec };

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database, log } = options;
  const definitions = new Map<string, Definition>();
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss | null> | null = null;
  /** Bumped by `stop`: a start still trying again gives up. */
  let generation = 0;
  /** Ends the wait between two tries at once (`stop`). */
  let wake = () => {};

  function connection(): PgBoss.ConstructorOptions {
    if (database.kind === 'postgres' && database.url) return { connectionString: database.url, max: 3 };
    return { db: { executeSql: (text, values) => database.executeSql(text, values) as Promise<{ rows: never[] }> } };
  }

  async function open(): Promise<PgBoss> {
    // Loaded with the runner, which starts once the server answers (main.ts): not part of every start's critical path.
    const { default: PgBoss } = await import('pg-boss');
    const instance = new PgBoss({
      ...connection(),
      schema: 'pgboss',
      application_name: 'agency-jobs',
      supervise: true,
      schedule: [...definitions.values()].some((d) => d.spec.cron),
      migrate: true,
    });
    instance.on('error', (err) => log.error({ err }, 'job runner error'));
    try {
      await setUp(instance);
    } catch (err) {
      // Half started (its pool open, perhaps its supervisor running): closed before the error goes on.
      await instance.stop({ graceful: false, wait: true, close: true }).catch(() => undefined);
      throw err;
    }
    return instance;
  }

  /** Opens, trying again while the database cannot be reached; null when `stop` was called meanwhile. */
  async function openWhenReachable(): Promise<PgBoss | null> {
    const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    const mine = generation;
    for (let attempt = 0; ; attempt++) {
      try {
        const instance = await open();
        if (mine === generation) return instance;
        await instance.stop({ graceful: false, wait: true, close: true }).catch(() => undefined);
        return null;
      } catch (err) {
        // Stopped meanwhile: nothing to start, whatever the error was.
        if (mine !== generation) return null;
        if (!isDatabaseUnavailable(err)) throw err;
        const delay = delays[Math.min(attempt, delays.length - 1)]!;
        log.warn({ error: safeErrorMessage(err), retryInMs: delay }, 'job runner could not start: database unreachable; trying again');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (mine !== generation) return null;
      }
    }
  }

  async function setUp(instance: PgBoss): Promise<void> {
    await instance.start();
    // Creating a queue attaches a partition to pg-boss's job table: two nodes creating queues at the same time
    // deadlock each other. One node at a time sets the queues up; the next finds them made and only updates them.
    await database.withLock(QUEUE_SETUP_LOCK_KEY, async () => {
      for (const d of definitions.values()) {
        const queue = {
          name: d.name,
          policy: d.spec.policy ?? 'standard',
          retryLimit: d.spec.retryLimit ?? 5,
          retryDelay: d.spec.retryDelaySeconds ?? 5,
          retryBackoff: d.spec.retryBackoff ?? true,
          expireInSeconds: d.spec.expireInSeconds ?? 300,
        } as const;
        if (await instance.getQueue(d.name)) await instance.updateQueue(d.name, queue);
        else await instance.createQueue(d.name, queue);
      }
    });
    for (const d of definitions.values()) {
      // pg-boss waits a whole polling interval after every fetch, so jobs are taken in batches. Each job of a
      // batch succeeds or fails on its own: a failed one is failed by id (and retried), the rest complete.
      await instance.work<object>(
        d.name,
        { pollingIntervalSeconds: options.pollIntervalSeconds, batchSize: d.spec.batchSize ?? 10, includeMetadata: true },
        async (jobs) => {
          await Promise.all(
            jobs.map(async (job) => {
              try {
                await d.handler(job.data, { id: job.id, retryCount: job.retryCount });
              } catch (err) {
                // Logged and stored in pg-boss without the parameters of a failed query (they may hold personal data).
                const message = safeErrorMessage(err);
                log.warn({ job: { name: d.name, id: job.id }, error: message }, 'job failed; it will be retried if it may');
                await instance.fail(d.name, job.id, { message });
              }
            }),
          );
        },
      );
      if (d.spec.cron) await instance.schedule(d.name, d.spec.cron, {}, { tz: 'UTC' });
      else await instance.unschedule(d.name).catch(() => undefined);
    }
  }

  return {
    define(name, handler, spec = {}) {
      if (boss || starting) throw new Error(`Job queue ${name} defined after the runner started`);
      definitions.set(name, { name, handler: handler as JobHandler<object>, spec });
    },

    async send(name, data, sendOptions = {}) {
      const instance = boss ?? (await starting);
      if (!instance) throw new Error(`Job runner not started: cannot send ${name}`);
      return instance.send(name, data, {
        singletonKey: sendOptions.singletonKey,
        startAfter: sendOptions.startAfterSeconds,
      });
    },

    async start() {
      if (boss) return;
      if (starting) {
        await starting;
        return;
      }
      // Set before the first await: a job sent while the queue warms up waits for it instead of failing.
      starting = openWhenReachable();
      try {
        boss = await starting;
      } finally {
        starting = null;
      }
    },

    async stop() {
      generation += 1;
      wake();
      const instance = boss ?? (await starting?.catch(() => null));
      boss = null;
      starting = null;
      if (!instance) return;
      await instance.stop({ graceful: true, wait: true, timeout: 5000, close: true });
    },

    async pending(name) {
      const instance = boss ?? (await starting);
      if (!instance) return 0;
      return instance.getQueueSize(name);
    },
  };
}
