import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '../../../scripts/redis-server.mjs';
import { createTestApp, type TestApp } from './helpers.js';

// The rate limits with REDIS_URL set, against a real Redis server (Debian's redis-server, started here on a free
// port): two nodes, each with its own database, count one address's sign-ins together, and a Redis restart neither
// fails requests nor leaves the limits off once Redis is back.

let redis: RedisServer;
let a: TestApp;
let b: TestApp;
let watcher: Redis;
const LIMIT = 4;

beforeAll(async () => {
  redis = await startRedis();
  const env = { REDIS_URL: redis.url, RATE_LIMIT_LOGIN_PER_MINUTE: String(LIMIT) };
  a = await createTestApp(env);
  b = await createTestApp(env);
  watcher = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
}, 60_000);

afterAll(async () => {
  watcher?.disconnect();
  await a?.close();
  await b?.close();
  await redis?.stop();
});

let ipSeq = 0;
const newIp = () => `203.0.113.${(ipSeq += 1)}`;

function login(node: TestApp, ip: string) {
  return node.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'nobody@example.test', password: 'not-the-password-1' },
    remoteAddress: ip,
  });
}

/** The rate-limit clients connected to the Redis server: both nodes' once they have (re)connected. */
async function connectedNodes(): Promise<number> {
  if (watcher.status !== 'ready') await watcher.connect();
  const clients = String(await watcher.call('CLIENT', 'LIST'))
    .split('\n')
    .filter(Boolean);
  return clients.length - 1;
}

async function untilBothNodesConnected() {
  const deadline = Date.now() + 20_000;
  while ((await connectedNodes().catch(() => 0)) < 2) {
    if (Date.now() > deadline) throw new Error('the nodes did not reconnect to Redis within 20 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('rate limits in Redis', () => {
  it('are shared by two nodes: sign-ins from one address on either node count towards one limit', async () => {
    await untilBothNodesConnected();
    const ip = newIp();
    const statuses = [];
    for (const node of [a, b, a, b]) statuses.push((await login(node, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401]);
    // The fifth, on either node, is over the limit of four a minute.
    const refused = await login(b, ip);
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(a, ip)).statusCode).toBe(429);
    // Another address is counted on its own.
    expect((await login(a, newIp())).statusCode).toBe(401);
    // The counters are in Redis (each node has a database of its own).
    if (watcher.status !== 'ready') await watcher.connect();
    const keys = await watcher.keys('agency-rl:*');
    expect(keys.some((key) => key.includes('/api/auth/login') && key.includes(ip))).toBe(true);
  });

  it('while Redis is down requests are answered, not failed; once it is back both nodes count again', async () => {
    const ip = newIp();
    await untilBothNodesConnected();
    expect((await login(a, ip)).statusCode).toBe(401);

    watcher.disconnect();
    await redis.halt();
    // The store's failure lets each request through to its own answer, without waiting on Redis.
    for (const node of [a, b, a, b, a, b]) {
      const started = Date.now();
      const res = await login(node, ip);
      expect(res.statusCode).toBe(401);
      expect(Date.now() - started).toBeLessThan(2_000);
    }

    await redis.resume();
    watcher = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await untilBothNodesConnected();
    // Redis came back empty: the address starts a new window, shared by both nodes again.
    const statuses = [];
    for (const node of [b, a, b, a]) statuses.push((await login(node, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401]);
    expect((await login(a, ip)).statusCode).toBe(429);
    expect((await login(b, ip)).statusCode).toBe(429);
  }, 60_000);
});
