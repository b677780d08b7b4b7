import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/pg-server.mjs';

// The server process as `npm start` runs it, seen from raw sockets: answers Node writes itself carry the same
// headers, stalled requests are cut off, HEAD works, and SIGTERM drains kept-alive connections without resets.
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-edges-'));
let child: ChildProcess;
let port: number;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends raw bytes, returns what comes back until the server closes the connection (or `waitMs` passes). */
function raw(bytes: string, waitMs = 5000): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let text = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const done = () => resolve({ text, closedAfterMs: Date.now() - started });
    socket.on('data', (d) => (text += d));
    socket.on('close', done);
    socket.on('error', () => undefined);
    setTimeout(() => socket.destroy(), waitMs);
  });
}

/** Starts the server as `npm start` does, on a free port and a data directory of its own. */
async function startServer(dir: string): Promise<{ child: ChildProcess; port: number }> {
  const at = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(at),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    REQUEST_IDLE_TIMEOUT_SECONDS: '2',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
  };
  delete env.DATABASE_URL;
  const started = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env });
  let said = '';
  started.stdout!.on('data', (d) => (said += d));
  started.stderr!.on('data', (d) => (said += d));
  const until = Date.now() + 60_000;
  while (!said.includes('/protected/superadmin-signup')) {
    if (Date.now() > until) throw new Error(`server did not start:\n${said}`);
    await sleep(100);
  }
  return { child: started, port: at };
}

beforeAll(async () => {
  ({ child, port } = await startServer(dataDir));
}, 90_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const securityHeader = /\r\ncontent-security-policy: default-src 'self'/i;
// Pages carry the page policy; JSON answers (and the 503 a page gets while the web app is not built) the API's own.
const anyPolicy = /\r\ncontent-security-policy: default-src '(self|none)'/i;

describe('answers the server writes before any route runs', () => {
  it('carry the security headers: a malformed request (400), oversized headers (431) and a too-long path (414)', async () => {
    const bad = await raw('NOT A REQUEST\r\n\r\n');
    expect(bad.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(bad.text).toMatch(securityHeader);
    expect(bad.text).toContain('"code":"BAD_REQUEST"');
    const big = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.text).toMatch(/^HTTP\/1\.1 431 /);
    expect(big.text).toMatch(securityHeader);
    const long = await raw(`GET /api/projects/${'1'.repeat(300)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(long.text).toMatch(/^HTTP\/1\.1 414 /);
    expect(long.text).toMatch(securityHeader);
  });

  it('HEAD works wherever GET does, the web app’s pages included', async () => {
    for (const p of ['/', '/loginpage', '/api/health', '/api/config']) {
      const res = await raw(`HEAD ${p} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(res.text, p).not.toMatch(/^HTTP\/1\.1 404 /);
      expect(res.text, p).toMatch(p.startsWith('/api/') ? /\r\ncontent-security-policy: default-src 'none'/i : anyPolicy);
      expect(res.text, p).toMatch(/\r\nx-content-type-options: nosniff/i);
    }
  });
});

describe('a request that stalls', () => {
  it('is cut off after the idle timeout, half-sent body included', async () => {
    const half = await raw(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":"a@',
      10_000,
    );
    expect(half.closedAfterMs).toBeLessThan(6000);
    expect(half.closedAfterMs).toBeGreaterThanOrEqual(1500);
  });
});

describe('an upload abandoned half-way', () => {
  it('leaves no file and no partial file behind', async () => {
    const signup = await fetch(`http://127.0.0.1:${port}/api/auth/signup/client`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Uploader', email: 'uploader@example.test', password: 'long-enough-password' }),
    });
    const { token } = (await signup.json()) as { token: string };
    const filesDir = path.join(dataDir, 'files');
    const before = fs.existsSync(filesDir) ? fs.readdirSync(filesDir) : [];
    const boundary = 'abandoned-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const res = await raw(
      `POST /api/messages/uploads HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n${head}${'x'.repeat(200_000)}`,
      10_000,
    );
    expect(res.closedAfterMs).toBeLessThan(8000);
    await sleep(500);
    const after = fs.existsSync(filesDir) ? fs.readdirSync(filesDir) : [];
    expect(after).toEqual(before);
  });
});

describe('SIGTERM under steady keep-alive traffic', () => {
  it('answers or refuses every request and resets none, then exits 0', async () => {
    // A server of its own: the other tests here may run after this one (the order is shuffled).
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-drain-'));
    const { child, port } = await startServer(ownDir);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const outcomes = { answered: 0, refused: 0, reset: 0, other: 0 };
    const errors: string[] = [];
    let running = true;
    const get = () =>
      new Promise<void>((resolve) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/config', agent }, (res) => {
          res.resume();
          res.on('end', () => {
            outcomes.answered += 1;
            resolve();
          });
        });
        req.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED') outcomes.refused += 1;
          else if (err.code === 'ECONNRESET' || /socket hang up/.test(err.message)) outcomes.reset += 1;
          else outcomes.other += 1;
          errors.push(`${err.code} ${err.message}`);
          resolve();
        });
      });
    const loops = Array.from({ length: 4 }, async () => {
      while (running) {
        await get();
        await sleep(5);
      }
    });
    await sleep(1000);
    const answeredBefore = outcomes.answered;
    child.kill('SIGTERM');
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await sleep(2000);
    running = false;
    await Promise.all(loops);
    agent.destroy();
    const code = await exit;
    console.log(`drain: ${JSON.stringify(outcomes)} (answered before SIGTERM ${answeredBefore})`);
    expect(answeredBefore).toBeGreaterThan(10);
    expect(outcomes.reset, errors.join('\n')).toBe(0);
    expect(outcomes.other, errors.join('\n')).toBe(0);
    expect(code).toBe(0);
    fs.rmSync(ownDir, { recursive: true, force: true });
  }, 90_000);
});
