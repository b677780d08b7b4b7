// Starts a throwaway PostgreSQL server in a temporary directory on a free port and stops it by its pid.
// Used by the test runner and the benchmarks; needs Debian's postgresql package (initdb, pg_ctl).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function findPgBin() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    for (const v of fs.readdirSync(base).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(base, v, 'bin'));
  }
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** initdb refuses to run as root: as root every server command runs as the postgres user. */
function run(bin, args) {
  const cmd = isRoot ? 'runuser' : bin;
  const full = isRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
  const res = spawnSync(cmd, full, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${path.basename(bin)} failed: ${res.stderr || res.stdout}`);
  return res.stdout;
}

export async function startPostgres() {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found: install them with `apt-get install -y postgresql`');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-pg-'));
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  const readPid = () => Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let pid = readPid();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pgCtl = (...args) => run(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  return {
    url,
    port,
    get pid() {
      return pid;
    },
    /** Stops the server as an administrator would (`pg_ctl stop -m fast`): open connections are terminated. */
    halt() {
      pgCtl('-m', 'fast', '-w', 'stop');
    },
    /** Starts it again after `halt`, on the same port and data. */
    resume() {
      pgCtl('-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'start');
      pid = readPid();
    },
    /**
     * Stops the server as a crash would (`pg_ctl stop -m immediate`): every process ends at once, without a
     * checkpoint, and the next start recovers from the write-ahead log. `resume` starts it again.
     */
    crash() {
      pgCtl('-m', 'immediate', '-w', 'stop');
    },
    /** `pg_ctl restart -m fast`. */
    restart() {
      pgCtl('-o', opts, '-l', path.join(dir, 'server.log'), '-m', 'fast', '-w', 'restart');
      pid = readPid();
    },
    async stop() {
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        /* already gone */
      }
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(pid, 0);
          await new Promise((r) => setTimeout(r, 100));
        } catch {
          break;
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
