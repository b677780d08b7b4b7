import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../src/core/events.js';
import { createJobRunner } from '../src/integrations/jobs.js';
import { users } from '../src/db/schema.js';
import { call, createTestApp, signupClient, signupSuperadmin, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_SECONDS: '0.5' });
});
afterAll(async () => t.close());

async function waitFor(what: string, test: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('domain events', () => {
  it('reach subscribers after the transaction commits, in the order published', async () => {
    const seen: string[] = [];
    const off = t.app.ctx.events.subscribe('session.revoked', (e) => {
      seen.push(`revoked:${e.userId}`);
    });
    try {
      await t.app.ctx.transaction(async (_tx, publish) => {
        publish({ type: 'session.revoked', userId: 1 });
        publish({ type: 'session.revoked', userId: 2 });
        // Nothing is delivered while the transaction is still open.
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual(['revoked:1', 'revoked:2']);
    } finally {
      off();
    }
  });

  it('are dropped with the transaction when it rolls back, and its writes with them', async () => {
    const seen: DomainEvent[] = [];
    const off = t.app.ctx.events.subscribe('project.created', (e) => {
      seen.push(e);
    });
    const owner = await signupSuperadmin(t.app);
    try {
      await expect(
        t.app.ctx.transaction(async (tx, publish) => {
          await tx
            .update(users)
            .set({ name: 'Renamed in a rolled back transaction' })
            .where(eq(users.id, Number(owner.user.id)));
          publish({ type: 'project.created', projectId: 1, clientId: 1 });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(seen).toEqual([]);
      const [row] = await t.app.ctx.db
        .select()
        .from(users)
        .where(eq(users.id, Number(owner.user.id)));
      expect(row.name).toBe('Owner Person');
    } finally {
      off();
    }
  });

  it('a failing subscriber does not fail the request that made the change', async () => {
    const off = t.app.ctx.events.subscribe('project.created', () => {
      throw new Error('subscriber broke');
    });
    try {
      const client = await signupClient(t.app);
      const res = await call(t.app, 'POST', '/projects', {
        token: client.token,
        body: { title: 'Still created', description: 'A subscriber failure is only logged.' },
      });
      expect(res.status).toBe(201);
    } finally {
      off();
    }
  });
});

describe('the job runner', () => {
  /**
   * The test database, with the connection lost for the calls `down` says (as PostgreSQL going away mid-start). The
   * runner is given it as it is given the embedded database (its queries through `executeSql`), on PostgreSQL too,
   * so every query it makes passes through here.
   */
  function flaky(down: (call: number) => boolean) {
    const database = t.app.ctx.database;
    let calls = 0;
    return {
      ...database,
      kind: 'pglite',
      async executeSql(text: string, values?: unknown[]) {
        calls += 1;
        if (down(calls)) throw new Error('Connection terminated unexpectedly');
        return database.executeSql(text, values);
      },
    } as typeof database;
  }
  /** The app's logger, keeping the messages of its warnings. */
  function watchedLog(warnings: string[]) {
    const log = Object.create(t.app.log) as typeof t.app.log;
    log.warn = ((obj: unknown, msg?: string) => {
      warnings.push(String(msg ?? obj));
    }) as typeof log.warn;
    return log;
  }

  it('starts once the database is back when the connection is lost while it sets its queues up, and then runs jobs', async () => {
    const runs: string[] = [];
    const warnings: string[] = [];
    // The first two tries each lose the connection part-way: after pg-boss's own start, as the queues are set up.
    const database = flaky((call) => call === 3 || call === 6);
    const jobs = createJobRunner({ database, log: watchedLog(warnings), pollIntervalSeconds: 0.5, retryDelaysMs: [50] });
    jobs.define<{ key: string }>('test-comeback', async ({ key }) => {
      runs.push(key);
    });
    try {
      await jobs.start();
      expect(warnings.filter((w) => /database unreachable; trying again/.test(w))).toHaveLength(2);
      await jobs.send('test-comeback', { key: 'after' });
      await waitFor('the job after the outage', () => runs.includes('after'));
    } finally {
      await jobs.stop();
    }
  });

  it('still fails its start on an error that is not a lost connection', async () => {
    const database = t.app.ctx.database;
    const broken = {
      ...database,
      kind: 'pglite',
      executeSql: async () => {
        throw Object.assign(new Error('permission denied for schema pgboss'), { code: '42501' });
      },
    } as typeof database;
    const jobs = createJobRunner({ database: broken, log: t.app.log, pollIntervalSeconds: 0.5, retryDelaysMs: [50] });
    jobs.define('test-broken', async () => undefined);
    await expect(jobs.start()).rejects.toThrow(/permission denied/);
    await jobs.stop();
  });

  it('gives up trying at once when stopped while the database is away', async () => {
    const warnings: string[] = [];
    const jobs = createJobRunner({ database: flaky(() => true), log: watchedLog(warnings), pollIntervalSeconds: 0.5, retryDelaysMs: [60_000] });
    jobs.define('test-away', async () => undefined);
    const started = jobs.start();
    await waitFor('a first failed try', () => warnings.length > 0);
    const stoppedAt = Date.now();
    await jobs.stop();
    await started;
    // The wait before the next try (a minute here) is cut short.
    expect(Date.now() - stoppedAt).toBeLessThan(30_000);
    await expect(jobs.send('test-away', {})).rejects.toThrow(/not started/);
  });

  it('runs a job sent twice with the same key once, retries a failing one, on this database', async () => {
    const runs: string[] = [];
    let failuresLeft = 1;
    const jobs = createJobRunner({ database: t.app.ctx.database, log: t.app.log, pollIntervalSeconds: 0.5 });
    jobs.define<{ key: string }>(
      'test-once',
      async ({ key }) => {
        runs.push(key);
      },
      { policy: 'stately', retryLimit: 0 },
    );
    jobs.define<{ key: string }>(
      'test-retry',
      async ({ key }) => {
        if (failuresLeft-- > 0) throw new Error('first attempt fails');
        runs.push(key);
      },
      { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: false },
    );
    await jobs.start();
    try {
      await Promise.all([
        jobs.send('test-once', { key: 'a' }, { singletonKey: 'same' }),
        jobs.send('test-once', { key: 'a' }, { singletonKey: 'same' }),
      ]);
      await jobs.send('test-retry', { key: 'b' });
      await waitFor('both jobs', () => runs.includes('a') && runs.includes('b'));
      await new Promise((r) => setTimeout(r, 1500));
      expect(runs.filter((r) => r === 'a')).toHaveLength(1);
      expect(runs.filter((r) => r === 'b')).toHaveLength(1);
      expect(await jobs.pending('test-once')).toBe(0);
    } finally {
      await jobs.stop();
    }
  });

  it('takes a job sent while it is still starting (the server answers before the queue is up): the send waits for the start', async () => {
    const runs: string[] = [];
    const jobs = createJobRunner({ database: t.app.ctx.database, log: t.app.log, pollIntervalSeconds: 0.5 });
    jobs.define<{ key: string }>('test-early', async ({ key }) => {
      runs.push(key);
    });
    const started = jobs.start();
    try {
      const id = await jobs.send('test-early', { key: 'early' });
      expect(id).toBeTruthy();
      await started;
      await waitFor('the early job', () => runs.includes('early'));
    } finally {
      await started.catch(() => undefined);
      await jobs.stop();
    }
  });
});
