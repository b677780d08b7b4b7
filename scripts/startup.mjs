// Start-up cost of the built server on the embedded database, in CPU-seconds (user + system time of the process,
// all threads, read from /proc/<pid>/stat when /api/health first answers 200) with the wall clock beside them,
// and the resident memory once idle. A first start runs on an empty DATA_DIR, a later start on the same one.
// Usage: node scripts/startup.mjs [--runs N] [--json]. Needs a build (npm run build) and Linux's /proc.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_MAIN, serverNodeFlags } from './server-command.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const main = path.join(root, SERVER_MAIN);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux.
const IDLE_SETTLE_MS = 5000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** utime + stime of the process (all its threads), in seconds. */
function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: the fields after it start past the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Starts the built server on `dataDir` as `npm start` runs it (production, a throwaway secret) and resolves once
 * /api/health answers 200, with the CPU-seconds and wall clock it took. `stop()` ends it.
 */
export async function startBuiltServer(dataDir) {
  if (!fs.existsSync(main)) throw new Error('no build: run npm run build first');
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags(), main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SESSION_SECRET: 'startup-measurement-secret-0123456789abcdef',
      MAIL_TRANSPORT: 'log',
      ALLOW_TEST_PAYMENTS: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it answered`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) break;
      } catch {
        // Not listening yet.
      }
      await sleep(20);
      if (performance.now() - started > 120_000) throw new Error('the server did not answer within 120 s');
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    cpuSeconds: cpuSeconds(child.pid),
    wallSeconds: (performance.now() - started) / 1000,
    stop,
  };
}

/** Starts the server on `dataDir`, and measures it once /api/health answers 200, then 5 s later when idle. */
export async function measureStart(dataDir) {
  const server = await startBuiltServer(dataDir);
  try {
    await sleep(IDLE_SETTLE_MS);
    return { cpuSeconds: server.cpuSeconds, wallSeconds: server.wallSeconds, idleRssMb: rssMb(server.pid) };
  } finally {
    await server.stop();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Medians over `runs` pairs of first and later starts, each pair on a fresh DATA_DIR. */
export async function measureStartup(runs = 3) {
  const first = [];
  const later = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-startup-'));
    try {
      first.push(await measureStart(dataDir));
      later.push(await measureStart(dataDir));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const summary = (xs) => ({
    cpuSeconds: median(xs.map((x) => x.cpuSeconds)),
    cpuSpread: [Math.min(...xs.map((x) => x.cpuSeconds)), Math.max(...xs.map((x) => x.cpuSeconds))],
    wallSeconds: median(xs.map((x) => x.wallSeconds)),
    idleRssMb: median(xs.map((x) => x.idleRssMb)),
  });
  return { first: summary(first), later: summary(later), runs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
  const result = await measureStartup(runs);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    for (const [name, r] of Object.entries({ 'first start': result.first, 'later start': result.later })) {
      console.log(
        `${name.padEnd(12)} ${r.cpuSeconds.toFixed(2)} CPU-s (${r.cpuSpread.map((x) => x.toFixed(2)).join('-')}), ` +
          `${r.wallSeconds.toFixed(2)} s wall, idle RSS ${r.idleRssMb.toFixed(0)} MB`,
      );
    }
    console.log(
      `medians of ${runs}; load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
  }
}
