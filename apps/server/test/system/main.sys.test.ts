import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { snapshotDataDir } from './data-dir.js';

// The real entry point as `npm start` runs it: migrations at start-up, the one-time owner link, SIGTERM.
const root = path.resolve(import.meta.dirname, '../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as net.AddressInfo;
      server.close(() => resolve(p));
    });
  });
}

type Server = { child: ChildProcess; port: number; dataDir: string; output(): string };
const started: Server[] = [];

async function waitFor(server: Server, predicate: () => boolean | Promise<boolean>, ms = 90_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await predicate()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out; output so far:\n${server.output()}`);
}

/**
 * A server process of its own, started as `npm start` would, ready for requests: on an empty data directory (the
 * cluster created) or on one holding the embedded database snapshot (data-dir.ts).
 */
async function startServer(dataDirHolds: 'nothing' | 'snapshot'): Promise<Server> {
  const port = await freePort();
  const dataDir = dataDirHolds === 'nothing' ? fs.mkdtempSync(path.join(os.tmpdir(), 'agency-main-')) : snapshotDataDir('agency-main-');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const server = { child, port, dataDir, output: () => output };
  started.push(server);
  await waitFor(server, () => output.includes('/protected/superadmin-signup'));
  return server;
}

afterEach(() => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
});

// Each test starts a process of its own: a start (tsx, the database, migrations) can take a while on a busy machine.
describe('the server process', { timeout: 180_000 }, () => {
  it('applies migrations on an empty database and prints the one-time owner link, which carries a token only the operator can read', async () => {
    const { port, dataDir, output } = await startServer('nothing');
    const link = new RegExp(`http://localhost:${port}/protected/superadmin-signup\\?setup=([A-Za-z0-9_-]{43})`).exec(output());
    expect(link, output()).not.toBeNull();
    const tokenFile = path.join(dataDir, 'owner-setup-token');
    expect(fs.readFileSync(tokenFile, 'utf8').trim()).toBe(link![1]);
    expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);

    const signup = (setup_token?: string) =>
      fetch(`http://127.0.0.1:${port}/api/auth/signup/superadmin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Owner', email: `owner-${Math.random()}@example.test`, password: 'long-enough-password', setup_token }),
      });
    expect((await signup()).status).toBe(403);
    expect((await signup(link![1])).status).toBe(201);
    expect(fs.existsSync(tokenFile)).toBe(false);
  });

  it('refuses to start in production on the test checkout and the log mail transport unless they are named on purpose', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-main-'));
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), DATA_DIR: dataDir, PORT: '0' };
    for (const name of ['DATABASE_URL', 'PAYMENT_PROVIDER', 'MAIL_TRANSPORT', 'ALLOW_TEST_PAYMENTS']) delete env[name];
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(output).toContain('PAYMENT_PROVIDER: set PAYMENT_PROVIDER=stripe with its keys in production');
    expect(output).toContain('MAIL_TRANSPORT: set MAIL_TRANSPORT=smtp with SMTP_HOST in production');
  });

  it('finishes in-flight requests on SIGTERM, then closes the database and exits 0', async () => {
    const server = await startServer('snapshot');
    const { child, port } = server;
    // The request is in flight: headers and half the body are sent before SIGTERM, the rest after it.
    const body = JSON.stringify({ name: 'Late Request', email: 'late@example.test', password: 'long-enough-password' });
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/signup/client',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
    });
    req.write(body.slice(0, 20));
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGTERM');
    await waitFor(server, () => server.output().includes('shutting down'));
    req.end(body.slice(20));
    const res = await response;
    expect(res.status, res.text).toBe(202);
    const code = await new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve)));
    expect(code).toBe(0);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  });

  it('is not held up on SIGTERM by a connection that never sent a request', async () => {
    const server = await startServer('snapshot');
    const { child, port } = server;
    // A spare connection, as browsers, proxies and HTTP clients open ahead of need: Node counts it as busy.
    const spare = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => spare.once('connect', resolve));
    const closed = new Promise((resolve) => spare.once('close', resolve));
    const started = Date.now();
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve)));
    await closed;
    // Out after the drain's grace period (5 s), not at the forced exit (15 s, code 1).
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(12_000);
  });
});
