import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/pg-server.mjs';
import { snapshotDataDir } from './data-dir.js';
import { signUpClient } from './sign-up.js';

// The server process as `npm start` runs it, seen from raw sockets: answers Node writes itself carry the same
// headers, stalled and trickling requests are cut off, HEAD works, and SIGTERM drains kept-alive connections
// without resets.
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = snapshotDataDir('agency-edges-');
let child: ChildProcess;
let port: number;
let output: () => string;

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
async function startServer(dir: string): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const at = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(at),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    REQUEST_IDLE_TIMEOUT_SECONDS: '2',
    REQUEST_TIMEOUT_SECONDS: '3',
    UPLOAD_MIN_KB_PER_SECOND: '50',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
  };
  delete env.DATABASE_URL;
  const started = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env });
  let said = '';
  started.stdout!.on('data', (d) => (said += d));
  started.stderr!.on('data', (d) => (said += d));
  // A start compiles the server with tsx and opens the embedded database: on a busy two-core machine, over a minute.
  const until = Date.now() + 150_000;
  while (!said.includes('/protected/superadmin-signup')) {
    if (Date.now() > until) throw new Error(`server did not start:\n${said}`);
    await sleep(100);
  }
  return { child: started, port: at, output: () => said };
}

beforeAll(async () => {
  ({ child, port, output } = await startServer(dataDir));
}, 180_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const securityHeader = /\r\ncontent-security-policy: default-src 'none'; frame-ancestors 'none'\r\n[\s\S]*\r\nx-content-type-options: nosniff\r\n/i;
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
  it('is cut off within the request timeout when its headers trickle in', async () => {
    const result = await new Promise<{ text: string; closedAfterMs: number }>((resolve) => {
      const started = Date.now();
      let text = '';
      let line = 0;
      let timer: NodeJS.Timeout | undefined;
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
        const next = () => {
          if (socket.destroyed) return;
          socket.write(`X-Slow-${line++}: ${'a'.repeat(10)}\r\n`);
          timer = setTimeout(next, 400);
        };
        next();
      });
      socket.on('data', (d) => (text += d));
      socket.on('close', () => {
        clearTimeout(timer);
        resolve({ text, closedAfterMs: Date.now() - started });
      });
      socket.on('error', () => undefined);
      setTimeout(() => socket.destroy(), 20_000);
    });
    // REQUEST_TIMEOUT_SECONDS is 3 here; Node's own headers deadline was 60 s, checked every 30 s.
    expect(result.closedAfterMs).toBeLessThan(5500);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(2500);
    expect(result.text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('is cut off after the idle timeout, half-sent body included', async () => {
    const half = await raw(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":"a@',
      10_000,
    );
    expect(half.closedAfterMs).toBeLessThan(6000);
    expect(half.closedAfterMs).toBeGreaterThanOrEqual(1500);
  });
});

/** One signed-in client of the shared server, for the upload tests. */
let uploaderToken: Promise<string> | undefined;
function uploader(): Promise<string> {
  uploaderToken ??= signUpClient(`http://127.0.0.1:${port}`, output, {
    name: 'Uploader',
    email: 'uploader@example.test',
    password: 'long-enough-password',
  }).then((body) => body.token);
  return uploaderToken;
}

/**
 * Sends a request's head, then its body in `chunks` pieces one every `everyMs`; returns what came back and when
 * the server closed the connection.
 */
function trickle(head: string, body: Buffer, chunks: number, everyMs: number, waitMs = 15_000): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let text = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      const size = Math.ceil(body.length / chunks);
      const next = () => {
        if (socket.destroyed || sent >= body.length) return;
        socket.write(body.subarray(sent, sent + size));
        sent += size;
        timer = setTimeout(next, everyMs);
      };
      next();
    });
    socket.on('data', (d) => (text += d));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.on('error', () => undefined);
    setTimeout(() => socket.destroy(), waitMs);
  });
}

function uploadHead(token: string, boundary: string, length: number) {
  return `POST /api/messages/uploads HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
}

function multipartBody(boundary: string, bytes: number) {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.alloc(bytes, 7),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

const filesNow = () => {
  const dir = path.join(dataDir, 'files');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

describe('a request that trickles in (REQUEST_TIMEOUT_SECONDS=3, UPLOAD_MIN_KB_PER_SECOND=50 here)', () => {
  it('is answered 408 and closed at the request deadline, though a byte arrives well within the idle timeout', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'slow@example.test', password: 'a-slow-password-1234' }));
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // One byte every 700 ms: the idle timeout (2 s) never fires, and the body would take ~40 s to arrive.
    const res = await trickle(head, body, body.length, 700);
    expect(res.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(res.text).toContain('"code":"REQUEST_TIMEOUT"');
    expect(res.text).toMatch(/\r\nconnection: close/i);
    expect(res.text).toMatch(/\r\nx-content-type-options: nosniff/i);
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(2500);
    expect(res.closedAfterMs).toBeLessThan(10_000);
  });

  it('lets an upload that keeps arriving at the minimum rate run past the base deadline and finish', async () => {
    const token = await uploader();
    const boundary = 'steady-boundary';
    const body = multipartBody(boundary, 400 * 1024);
    // About 100 KB a second for ~4.5 s: longer than the 3 s deadline, faster than 50 KB/s.
    const res = await trickle(uploadHead(token, boundary, body.length), body, 10, 450);
    expect(res.text).toMatch(/^HTTP\/1\.1 201 /);
  });

  it('cuts off an upload slower than the minimum rate once it falls behind, leaving nothing stored', async () => {
    const token = await uploader();
    const before = filesNow();
    const boundary = 'slow-boundary';
    const body = multipartBody(boundary, 400 * 1024);
    // 4 KB every 400 ms (10 KB/s): 40 s to arrive; behind 50 KB/s soon after the 3 s deadline.
    const res = await trickle(uploadHead(token, boundary, body.length), body, 100, 400);
    expect(res.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(res.text).toContain('"code":"REQUEST_TIMEOUT"');
    expect(res.closedAfterMs).toBeLessThan(10_000);
    await sleep(500);
    expect(filesNow()).toEqual(before);
  });
});

describe('an upload abandoned half-way', () => {
  it('leaves no file and no partial file behind', async () => {
    const token = await uploader();
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
  it('answers or refuses every request and resets none, tells kept-alive clients to close, then exits 0', async () => {
    // A server of its own: the other tests here may run after this one (the order is shuffled).
    const ownDir = snapshotDataDir('agency-drain-');
    const { child, port } = await startServer(ownDir);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const outcomes = { answered: 0, refused: 0, reset: 0, other: 0 };
    const errors: string[] = [];
    // The `Connection` header of the last answer each socket carried, and whether it came after SIGTERM.
    const lastAnswer = new Map<net.Socket, { connection: string | undefined; afterSigterm: boolean }>();
    let sigtermAt = Infinity;
    let running = true;
    const get = () =>
      new Promise<void>((resolve) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/config', agent }, (res) => {
          lastAnswer.set(req.socket!, { connection: res.headers.connection, afterSigterm: Date.now() > sigtermAt });
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
    // Two connections opened before SIGTERM and left idle: their next request comes in the middle of the drain.
    const idle = new http.Agent({ keepAlive: true, maxSockets: 2 });
    const idleGet = () =>
      new Promise<{ status?: number; connection?: string; reused: boolean; error?: string }>((resolve) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/config', agent: idle }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, reused: req.reusedSocket }));
        });
        req.on('error', (err: NodeJS.ErrnoException) => resolve({ reused: req.reusedSocket, error: `${err.code} ${err.message}` }));
      });
    expect((await Promise.all([idleGet(), idleGet()])).map((r) => r.status)).toEqual([200, 200]);
    await sleep(1000);
    const answeredBefore = outcomes.answered;
    sigtermAt = Date.now();
    child.kill('SIGTERM');
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await sleep(500);
    const duringDrain = await Promise.all([idleGet(), idleGet()]);
    await sleep(1500);
    running = false;
    await Promise.all(loops);
    agent.destroy();
    idle.destroy();
    const code = await exit;
    console.log(`drain: ${JSON.stringify(outcomes)} (answered before SIGTERM ${answeredBefore})`);
    expect(answeredBefore).toBeGreaterThan(10);
    expect(outcomes.reset, errors.join('\n')).toBe(0);
    expect(outcomes.other, errors.join('\n')).toBe(0);
    // Requests sent on kept-alive connections during the drain are answered, and the answer says to close.
    expect(duringDrain).toEqual([
      { status: 200, connection: 'close', reused: true },
      { status: 200, connection: 'close', reused: true },
    ]);
    // Under steady traffic, every connection still answering after SIGTERM was last told to close.
    const drained = [...lastAnswer.values()].filter((a) => a.afterSigterm);
    expect(drained.length).toBeGreaterThan(0);
    expect(drained.map((a) => a.connection)).toEqual(drained.map(() => 'close'));
    expect(code).toBe(0);
    fs.rmSync(ownDir, { recursive: true, force: true });
  }, 240_000);
});
