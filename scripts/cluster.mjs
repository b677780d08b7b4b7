// A whole cluster on one machine: a throwaway PostgreSQL server (pg-server.mjs), an S3 stand-in (s3-server.mjs),
// N nodes of the built app (each on its own free port and DATA_DIR, all on the same database, bucket and
// SESSION_SECRET) and nginx in front of them, round-robin, with the settings of deploy/nginx.conf.
//
//   npm run cluster                  builds, then runs two nodes until Ctrl-C
//   node scripts/cluster.mjs 3       three nodes, on what is already built
//
// Tests and benchmarks use `startCluster()`. Nodes start together: migrations hold a PostgreSQL advisory lock
// (apps/server/src/db/client.ts), so one node applies them while the others wait and then find nothing to do.
// Every node shares one seal certificate: DATA_DIR/seal of each node is a link to one folder, where the first
// node to need it generates it (atomically, so two nodes racing keep one).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startPostgres } from './pg-server.mjs';
import { startMailSink } from './mail-sink.mjs';
import { startS3 } from './s3-server.mjs';
import { SERVER_MAIN, serverNodeFlags } from './server-command.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const mainJs = path.join(root, SERVER_MAIN);
/** How much of each process's output is kept for `output()` (the tail). */
const OUTPUT_KEPT = 256 * 1024;

export function findNginx() {
  const candidates = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].filter(Boolean);
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function status(url, ms = 3000) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(ms) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function waitFor(what, test, ms, describe = () => '') {
  const until = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}\n${describe()}`);
    await sleep(100);
  }
}

/** Spawns a process and keeps the tail of its output; `prefix` also copies it to this process's console. */
function run(cmd, args, { env, prefix }) {
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-OUTPUT_KEPT);
    if (prefix) {
      for (const line of String(chunk).split('\n')) if (line) process.stdout.write(`${prefix} ${line}\n`);
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return { child, exited, output: () => output };
}

/** Sends `signal` and waits for the exit; SIGKILL after `graceMs`. */
async function end(proc, signal, graceMs) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return proc.exited;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  const result = await proc.exited;
  clearTimeout(timer);
  return result;
}

/** Waits until a node answers /api/health; fails at once, with its output, if it exits. */
function healthy(node, ms) {
  return waitFor(
    `${node.name} on ${node.url}`,
    async () => {
      if (node.child.exitCode !== null) throw new Error(`${node.name} exited with ${node.child.exitCode}:\n${node.output()}`);
      return (await status(`${node.url}/api/health`)) === 200;
    },
    ms,
    () => node.output(),
  );
}

/**
 * nginx in front of the nodes: the shipped deploy/nginx.conf itself, with only what places it on this machine
 * changed (the nodes' addresses, the listening address, and every path inside `dir`, so it runs as an ordinary
 * child process). Each change must find its line, so a reworded shipped file fails here rather than drifting.
 */
export function nginxConfig({ dir, port, upstreams, asRoot }) {
  const tmp = path.join(dir, 'tmp');
  const shipped = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const edits = [
    [/^worker_processes auto;$/m, `${asRoot ? 'user nobody nogroup;\n' : ''}worker_processes 1;\npid ${path.join(dir, 'nginx.pid')};`],
    [/^(\s*)worker_connections \d+;$/m, '$1worker_connections 1024;'],
    [/^\s*access_log .*;$/m, '  access_log off;'],
    [
      /^\s*error_log .*;$/m,
      [
        `  error_log ${path.join(dir, 'error.log')} warn;`,
        ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind === 'body' ? 'client_body' : kind}_temp_path ${tmp}/${kind};`),
      ].join('\n'),
    ],
    [
      /(upstream agency \{\n)(?:\s*#.*\n)*(?:\s*server \S+ [^\n]*\n)+/,
      `$1${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n')}\n`,
    ],
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`],
  ];
  let config = `# Generated by scripts/cluster.mjs from deploy/nginx.conf.\n${shipped}`;
  for (const [pattern, replacement] of edits) {
    if (!pattern.test(config)) throw new Error(`deploy/nginx.conf no longer has the line scripts/cluster.mjs replaces: ${pattern}`);
    config = config.replace(pattern, replacement);
  }
  return config;
}

/**
 * The owner set-up token a node of a fresh install wrote into its DATA_DIR (and printed in its set-up link): what the
 * operator reads to create the super admin. Null once there is one.
 */
export function readOwnerSetupToken(dataDir) {
  try {
    return fs.readFileSync(path.join(dataDir, 'owner-setup-token'), 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * Starts the cluster; resolves once nginx and every node answer /api/health. Needs the built app
 * (`npm run build`), PostgreSQL's server binaries and nginx.
 *
 * @param {import('./cluster.d.mts').ClusterOptions} [options]
 * @returns {Promise<import('./cluster.d.mts').Cluster>}
 */
export async function startCluster(options = {}) {
  const count = options.nodes ?? 2;
  const nginxBin = findNginx();
  if (!nginxBin) throw new Error('nginx not found: install it with `apt-get install -y nginx` (or `npm run test:deps`)');
  if (!fs.existsSync(mainJs)) throw new Error(`${path.relative(root, mainJs)} is missing: run \`npm run build\` first`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-cluster-'));
  // What to stop, in stages run one after another (the front door first, the database last); the steps of one
  // stage run together, so nodes drain side by side.
  const stages = { proxy: [], nodes: [], backing: [] };
  const stopAll = async () => {
    for (const stage of [stages.proxy, stages.nodes, stages.backing]) {
      await Promise.all(stage.splice(0).map((step) => step().catch((err) => console.error(`cluster stop: ${err.message}`))));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    const [pg, s3, mail] = await Promise.all([startPostgres(), startS3(), startMailSink()]);
    stages.backing.push(
      () => pg.stop(),
      () => s3.stop(),
      () => mail.close(),
    );

    const proxyPort = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${proxyPort}`;
    const secret = options.sessionSecret ?? crypto.randomBytes(32).toString('base64url');
    const sealDir = path.join(dir, 'seal');
    fs.mkdirSync(sealDir);

    const nodes = [];
    for (let i = 1; i <= count; i++) {
      const port = await freePort();
      const dataDir = path.join(dir, `node-${i}`);
      fs.mkdirSync(dataDir, { mode: 0o700 });
      fs.symlinkSync(sealDir, path.join(dataDir, 'seal'));
      const env = {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: pg.url,
        SESSION_SECRET: secret,
        TRUST_PROXY: '1',
        // Mail over SMTP to a sink on loopback (the cluster's `mails`); cards to the built-in test checkout, named on
        // purpose (production refuses it otherwise).
        MAIL_TRANSPORT: 'smtp',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.port),
        SMTP_SECURE: 'false',
        ALLOW_TEST_PAYMENTS: 'true',
        LOG_LEVEL: 'warn',
        JOB_POLL_SECONDS: '1',
        ...s3.env,
        ...options.env,
      };
      const name = `node-${i}`;
      const node = {
        name,
        url: `http://127.0.0.1:${port}`,
        port,
        dataDir,
        stop: (graceMs = 20_000) => end(proc, 'SIGTERM', graceMs),
        kill: () => end(proc, 'SIGKILL', 0),
        /** Starts the node again (same port, environment and DATA_DIR) after it stopped; resolves once it is healthy. */
        async start() {
          if (proc.child.exitCode === null && proc.child.signalCode === null) throw new Error(`${name} is still running`);
          launch();
          await healthy(node, options.startTimeoutMs ?? 120_000);
        },
      };
      let proc;
      const launch = () => {
        proc = run(process.execPath, [...serverNodeFlags(), mainJs], { env, prefix: options.log ? `[${name}]` : undefined });
        Object.assign(node, { child: proc.child, pid: proc.child.pid, exited: proc.exited, output: proc.output });
      };
      launch();
      nodes.push(node);
      stages.nodes.push(() => node.stop());
    }

    // nginx's workers run as nobody when it is started as root: they must reach their temporary folders.
    const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const nginxDir = path.join(dir, 'nginx');
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(nginxDir, 'tmp', sub), { recursive: true, mode: 0o777 });
    if (asRoot) {
      fs.chmodSync(dir, 0o755);
      for (const sub of ['', 'tmp', 'tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) fs.chmodSync(path.join(nginxDir, sub), 0o777);
    }
    const configFile = path.join(nginxDir, 'nginx.conf');
    fs.writeFileSync(configFile, nginxConfig({ dir: nginxDir, port: proxyPort, upstreams: nodes.map((n) => `127.0.0.1:${n.port}`), asRoot }));
    const nginxProc = run(nginxBin, ['-p', nginxDir, '-e', path.join(nginxDir, 'error.log'), '-c', configFile, '-g', 'daemon off;'], {
      env: process.env,
      prefix: options.log ? '[nginx]' : undefined,
    });
    stages.proxy.push(() => end(nginxProc, 'SIGTERM', 5000));
    const nginxLog = () =>
      `${nginxProc.output()}${fs.existsSync(path.join(nginxDir, 'error.log')) ? fs.readFileSync(path.join(nginxDir, 'error.log'), 'utf8') : ''}`;

    for (const node of nodes) await healthy(node, options.startTimeoutMs ?? 120_000);
    await waitFor(
      `nginx on ${url}`,
      async () => {
        if (nginxProc.child.exitCode !== null) throw new Error(`nginx exited with ${nginxProc.child.exitCode}:\n${nginxLog()}`);
        return (await status(`${url}/api/health`)) === 200;
      },
      30_000,
      nginxLog,
    );

    let stopping = null;
    return {
      url,
      dir,
      sessionSecret: secret,
      nodes,
      pg,
      s3,
      mails: mail.messages,
      nginx: { pid: nginxProc.child.pid, child: nginxProc.child, configFile, output: nginxLog },
      stop() {
        stopping ??= stopAll();
        return stopping;
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const nodes = Number(process.argv[2] ?? process.env.NODES ?? 2);
  const cluster = await startCluster({ nodes, log: true, port: process.env.PORT ? Number(process.env.PORT) : undefined });
  console.log(`\nCluster of ${nodes} nodes behind nginx: ${cluster.url}`);
  for (const node of cluster.nodes) console.log(`  ${node.name}  ${node.url}  pid ${node.pid}  DATA_DIR=${node.dataDir}`);
  console.log(`  PostgreSQL ${cluster.pg.url} (pid ${cluster.pg.pid})`);
  console.log(`  S3 stand-in ${cluster.s3.endpoint}, bucket ${cluster.s3.bucket}`);
  console.log('Ctrl-C stops everything.\n');
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the cluster`);
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  for (const node of cluster.nodes) {
    void node.exited.then((code) => {
      if (!stopping) console.error(`${node.name} exited (${code}); the others keep serving`);
    });
  }
}
