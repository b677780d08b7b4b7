import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpClient } from './sign-up.js';
import { freePort, startPostgres, type PostgresServer } from '../../../../scripts/pg-server.mjs';

// The real server process on a real PostgreSQL that is stopped for five seconds and restarted under load:
// the process must not die, must answer 503 (not 500) while the database is away, must serve again within
// 10 s of its return without a restart, and must not lose any write it acknowledged.
const root = path.resolve(import.meta.dirname, '../../../..');
let server: PostgresServer;
let child: ChildProcess;
let base: string;
let output = '';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function health(): Promise<number> {
  try {
    return (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(8000) })).status;
  } catch {
    return 0;
  }
}

async function until(what: string, test: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${output.slice(-3000)}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  server = await startPostgres();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: server.url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      JOB_POLL_SECONDS: '1',
      TZ: 'UTC',
    },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await until('the server', async () => (await health()) === 200, 60_000);
}, 90_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await sleep(500);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await server?.stop();
});

describe('a PostgreSQL outage', () => {
  it('is survived: 503 while it lasts, serving again within 10 s, no acknowledged write lost', async () => {
    const { token } = await signUpClient(base, () => output, { name: 'Load Client', email: 'load@example.test', password: 'long-enough-password' });

    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    const bodies5xx: string[] = [];
    let running = true;
    let seq = 0;
    const worker = async () => {
      while (running) {
        const title = `Load project ${++seq}`;
        try {
          const res = await fetch(`${base}/api/projects`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ title, description: 'Written while the database restarts.' }),
            signal: AbortSignal.timeout(15_000),
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const text = await res.text();
          if (res.status === 201) acknowledged.push(title);
          else if (res.status >= 500) bodies5xx.push(`${res.status} ${text}`);
        } catch {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
        }
        await sleep(20);
      }
    };
    const workers = Array.from({ length: 4 }, worker);

    await sleep(2000);
    server.halt();
    const downAt = Date.now();
    await sleep(1000);
    const during = await health();
    if (during !== 503) console.log(output.slice(-4000));
    expect(during).toBe(503);
    await sleep(Math.max(0, 5000 - (Date.now() - downAt)));
    server.resume();
    const upAt = Date.now();
    await until('health after the database returned', async () => (await health()) === 200, 10_000);
    const recoverySeconds = (Date.now() - upAt) / 1000;
    await sleep(2000);
    running = false;
    await Promise.all(workers);

    // An idle restart too: pooled connections are terminated while nobody is using them.
    await sleep(500);
    server.restart();
    await sleep(1500);
    expect(child.exitCode).toBeNull();
    await until('health after the idle restart', async () => (await health()) === 200, 10_000);

    expect(child.exitCode).toBeNull();
    console.log(
      `recovery ${recoverySeconds.toFixed(1)} s; answers ${JSON.stringify(Object.fromEntries(statuses))}; acknowledged ${acknowledged.length}`,
    );
    expect(recoverySeconds).toBeLessThanOrEqual(10);
    expect(statuses.get(201) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(500) ?? 0).toBe(0);
    for (const body of bodies5xx) expect(body).toMatch(/^503 .*DATABASE_UNAVAILABLE/);

    const db = new pg.Client({ connectionString: server.url });
    await db.connect();
    const { rows } = await db.query<{ title: string }>('select title from projects');
    await db.end();
    const stored = new Set(rows.map((r) => r.title));
    expect(acknowledged.filter((t) => !stored.has(t))).toEqual([]);
  }, 120_000);
});
