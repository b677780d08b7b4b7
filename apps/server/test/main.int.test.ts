import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real entry point as `npm start` runs it: migrations at start-up, the one-time owner link, SIGTERM.
const root = path.resolve(import.meta.dirname, '../../..');
let child: ChildProcess;
let output = '';
let port: number;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-main-'));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as net.AddressInfo;
      server.close(() => resolve(p));
    });
  });
}

async function waitFor(predicate: () => boolean | Promise<boolean>, ms = 90_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await predicate()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out; output so far:\n${output}`);
}

beforeAll(async () => {
  port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
  };
  delete env.DATABASE_URL;
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await waitFor(() => output.includes('/protected/superadmin-signup'));
}, 120_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('applies migrations on an empty database and prints the one-time owner link', async () => {
    expect(output).toContain(`http://localhost:${port}/protected/superadmin-signup`);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
  });

  it('finishes in-flight requests on SIGTERM, then closes the database and exits 0', async () => {
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
    await waitFor(() => output.includes('shutting down'));
    req.end(body.slice(20));
    const res = await response;
    expect(res.status, res.text).toBe(201);
    const code = await new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve)));
    expect(code).toBe(0);
    expect(output).not.toMatch(/"level":(50|60)/);
  });
});
