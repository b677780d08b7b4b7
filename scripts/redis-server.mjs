// Starts a throwaway Redis server (Debian's redis-server) on a free port, with nothing kept on disk, and stops it
// by its pid. The rate-limit store's tests run against it; install it with `apt-get install -y redis-server`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './pg-server.mjs';

export function findRedisServer() {
  return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) => fs.existsSync(file)) ?? null;
}

/** Resolves once the server answers PING on the port, or rejects after `timeoutMs`. */
async function waitForPong(port, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answered = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setTimeout(500);
      socket.on('connect', () => socket.write('PING\r\n'));
      socket.on('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.on('error', () => resolve(false));
      socket.on('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startRedis() {
  const bin = findRedisServer();
  if (!bin) throw new Error('redis-server not found: install it with `apt-get install -y redis-server` (scripts/install-test-deps.sh)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-redis-'));
  const port = await freePort();
  // In memory only, on the loopback address, no protected-mode surprises for a local test server.
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    '--logfile',
    path.join(dir, 'redis.log'),
  ];
  let child = null;
  const launch = async () => {
    child = spawn(bin, args, { stdio: 'ignore' });
    const exited = new Promise((_, reject) =>
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: see ${dir}/redis.log`))),
    );
    await Promise.race([waitForPong(port), exited]);
    exited.catch(() => {});
  };
  const halt = async () => {
    if (!child || child.exitCode !== null) return;
    const done = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await done;
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child.pid;
    },
    /** Stops the server; whatever it held is gone (nothing is saved). */
    halt,
    /** Starts it again on the same port after `halt`, empty. */
    resume: launch,
    async stop() {
      await halt();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
