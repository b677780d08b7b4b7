// `npm run bench`: the performance budgets of DESIGN section 8, on the embedded PGlite database and on a
// throwaway PostgreSQL server (scripts/pg-server.mjs).
//
// For each database the server (scripts/bench-server.ts) runs in a child process: the real app plus a bare
// Fastify JSON route on another port in the same process, as the baseline of the same machine and run. The load
// generators run from here: wrk (in C, a process of its own) for the plain GET runs, so the client never limits a
// route's throughput, and autocannon where a run needs a list of requests or logic of its own between them.
// Prints a table and writes bench-results/latest.json and, unless BENCH_ONLY picks one section, the table into
// docs/performance.md (scripts/bench-report.mjs). Exit code 0 even when a budget is missed; non-zero only
// when the benchmark itself breaks. Only 127.0.0.1 is contacted; every load run is bounded in time.
//
// Then the cluster (scripts/cluster.mjs: PostgreSQL, the S3 stand-in, two nodes of the built app, nginx): the
// empty poll through nginx with both nodes and with one, beside a bare route in a process of its own.
//
// Knobs (environment): BENCH_DURATION (seconds per measured run, default 5), BENCH_WARMUP (seconds, default 2),
// BENCH_CONNECTIONS (default 10), BENCH_ONLY (pglite | postgres | cluster | time | search | inbound; postgres includes
// the cluster; time is the time-tracking section on PostgreSQL alone, search the search section on PostgreSQL alone,
// inbound the replies by e-mail on PostgreSQL alone), BENCH_INBOUND_SECONDS (the inbound run, default 30), BENCH_INBOUND_RATE
// (replies a second sent, default the budget's 100),
// BENCH_CLUSTER=0 (no cluster section), BENCH_BUILD=0 (the cluster runs what is already built), BENCH_CPU_PROF=<dir>
// (the server child writes a CPU profile there), BENCH_PAGE_WEIGHT=0 (no page-weight rows).
import { execFile, fork, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { formatTable, writeBenchTable } from './bench-report.mjs';
import { findNginx, nginxConfig, readOwnerSetupToken, startCluster } from './cluster.mjs';
import { freePort, startPostgres } from './pg-server.mjs';
import { LIGHTHOUSE_BUDGET, LIGHTHOUSE_PAGES, measureLighthouse } from './lighthouse.mjs';
import { measureStartup } from './startup.mjs';
import { serverNodeFlags } from './server-command.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = process.env.BENCH_ONLY;
/** The cluster section: on by default, with the PostgreSQL side or on its own (BENCH_ONLY=cluster). */
const CLUSTER = process.env.BENCH_CLUSTER !== '0' && (!ONLY || ONLY === 'postgres' || ONLY === 'cluster');
const HARD_LIMIT_MS = 18 * 60_000;
const POLL_MESSAGES = 200;
const UPLOAD_SETS = 3;
const FILES_PER_UPLOAD = 10;
const FILE_BYTES = 10 * 1024 * 1024;
const SEEDS = {
  postgres: { clients: 1_000, conversations: 100_000, perConversation: 10 },
  pglite: { clients: 100, conversations: 10_000, perConversation: 10 },
};
const BUDGET = {
  emptyPollRatio: 0.6,
  fullPollRatio: 0.05,
  inboxP99Ms: 30,
  inboxLoadedP99Ms: 50,
  loopDelayP99Ms: 20,
  memoryGrowthMb: 50,
  boardP99Ms: 30,
  invoiceListP99Ms: 30,
  profitabilityReportP99Ms: 100,
  searchP99Ms: 50,
  inboundPerSecond: 100,
  timesheetP99Ms: 20,
  sseDeliveryP99Ms: 250,
  sseRssGrowthMb: 200,
  firstStartCpuS: 2,
  laterStartCpuS: 1,
  idleRssMb: 250,
};
/** Pairs of first and later starts of the built server measured (scripts/startup.mjs); medians are reported. */
const STARTUP_RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
/** BENCH_PAGE_WEIGHT=0 leaves out the page-weight rows (the end-to-end page-weight journey, in Chromium). */
const PAGE_WEIGHT = process.env.BENCH_PAGE_WEIGHT !== '0';
/** Lighthouse runs per page and preset (scripts/lighthouse.mjs); 0 leaves the front-end rows out. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const BOARD_CARDS = 1000;
/** Event streams open on one node at once, and messages fanned out to all of them (DESIGN section 8, realtime). */
const SSE_STREAMS = Number(process.env.BENCH_SSE_STREAMS ?? 2000);
const SSE_MESSAGES = 5;
/** Distinct signed events in the measured webhook run; every connection walks the same list, so each comes many times. */
const WEBHOOK_EVENTS = 1_000;
const INVOICE_SEEDS = { postgres: { invoices: 100_000, clients: 1_000 }, pglite: { invoices: 10_000, clients: 100 } };
/** Time tracking on PostgreSQL only (a million rows is no install the embedded database is for). */
const TIME_SEED = { people: 200, projects: 2_000, entries: 1_000_000, invoicesPerProject: 10 };
/** BENCH_ONLY=time: only the time-tracking section, on PostgreSQL. */
const TIME_ONLY = ONLY === 'time';
/** BENCH_ONLY=search: only the search section (over the inbox's data set), on PostgreSQL. */
const SEARCH_ONLY = ONLY === 'search';
/**
 * What the search section asks, as the super admin (every kind, every record): a word in every seeded message and
 * project, a number found in ten messages and one project, and three words at once.
 */
const SEARCH_QUERIES = [
  { name: 'common', q: 'seeded' },
  { name: 'rare', q: '54321' },
  { name: 'three words', q: 'seeded message 777' },
];

/** BENCH_ONLY=inbound: only the replies by e-mail, on PostgreSQL. */
const INBOUND_ONLY = ONLY === 'inbound';
/**
 * Replies by e-mail: raw RFC 822 replies posted to POST /api/inbound-email at this steady rate (an open loop: each
 * sent on time whatever the answers before it), for BENCH_INBOUND_SECONDS, from this many seeded clients in turn,
 * each to its own conversation's reply address. BENCH_INBOUND_RATE sends faster (or slower) than the budget, to find
 * the rate a machine sustains; the budget row is then read against the rate sent.
 */
const INBOUND_RATE = Number(process.env.BENCH_INBOUND_RATE ?? BUDGET.inboundPerSecond);
const INBOUND_SECONDS = Number(process.env.BENCH_INBOUND_SECONDS ?? 30);
const INBOUND_SENDERS = 300;
const INBOUND_SEED = { clients: INBOUND_SENDERS, conversations: INBOUND_SENDERS, perConversation: 1 };

/** Rounds of the ratio measurements, and seconds per run in each (BENCH_ROUNDS, BENCH_ROUND_SECONDS). */
const RATIO_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 2);
/** A ratio whose rounds differ by more than this share of their median is marked unstable. */
const UNSTABLE_SPREAD = 0.1;
const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** (max - min) / median: how far apart the rounds of one figure were. */
const spread = (xs) => (xs.length > 1 ? (Math.max(...xs) - Math.min(...xs)) / median(xs) : 0);

const log = (...args) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);

// ---------------------------------------------------------------- cleanup, even on failure

const cleanups = [];
let cleaning = null;
let aborted = false;
function runCleanups() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop();
      try {
        await fn();
      } catch (err) {
        console.error('[bench] cleanup failed:', err?.message ?? err);
      }
    }
  })();
  return cleaning;
}
const watchdog = setTimeout(async () => {
  aborted = true;
  console.error(`[bench] aborted: still running after ${HARD_LIMIT_MS / 60_000} minutes`);
  await runCleanups();
  process.exit(2);
}, HARD_LIMIT_MS);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    aborted = true;
    console.error(`[bench] ${signal}: stopping servers`);
    await runCleanups();
    process.exit(130);
  });
}

function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ---------------------------------------------------------------- the server child

function startServer(backend, env) {
  const child = fork(path.join(root, 'scripts/bench-server.ts'), [], {
    cwd: root,
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it exits (open it in Chrome's DevTools).
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      // The Node flags npm start runs the server with.
      ...serverNodeFlags(),
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, ...env, BENCH_BACKEND: backend },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let exited = false;
  let nextId = 1;
  const pending = new Map();
  const exitPromise = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  exitPromise.then(({ code, signal }) => {
    exited = true;
    for (const { reject } of pending.values()) reject(new Error(`server exited (code ${code}, signal ${signal})`));
    pending.clear();
  });

  const stop = async () => {
    if (exited) return;
    try {
      child.send({ id: 0, cmd: 'shutdown' });
    } catch {
      /* channel already closed */
    }
    const timer = new Promise((r) => setTimeout(r, 15_000, 'timeout'));
    if ((await Promise.race([exitPromise, timer])) === 'timeout' && !exited) {
      child.kill('SIGKILL');
      await exitPromise;
    }
  };
  cleanups.push(stop);

  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 120 s')), 120_000);
    child.on('message', (msg) => {
      if (msg?.type === 'ready') {
        clearTimeout(timer);
        resolve(msg);
        return;
      }
      const p = pending.get(msg?.id);
      if (!p) return;
      pending.delete(msg.id);
      clearTimeout(p.timer);
      if (msg.ok) p.resolve(msg.result);
      else p.reject(new Error(`server command failed: ${msg.error}`));
    });
    exitPromise.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited during start-up (code ${code}, signal ${signal})`));
    });
  });

  const call = (cmd, args = {}, timeoutMs = 60_000) =>
    new Promise((resolve, reject) => {
      if (exited) return reject(new Error('server is not running'));
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`server command ${cmd} timed out after ${timeoutMs / 1000} s`));
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      child.send({ id, cmd, args });
    });

  return { ready, call, stop, pid: child.pid };
}

// ---------------------------------------------------------------- pinning the load generator and the server apart

const CPU_COUNT = os.availableParallelism();
const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find((file) => fs.existsSync(file));

/** Sets the CPUs every thread of `pid` may run on (`taskset -a -p -c`); false when it could not. */
function setAffinity(pid, cpus) {
  if (!TASKSET) return false;
  return spawnSync(TASKSET, ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' }).status === 0;
}

/** `pid` and its children (a PostgreSQL server's postmaster and its backends; new backends inherit its CPUs). */
function processTree(pid) {
  const children = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return [pid, ...children];
}

/**
 * Runs `fn` with the load generator (this process, and wrk, which it starts) on CPU 0 and the server (every thread
 * of it) on CPU 1, then lets them use every CPU again; without a second CPU or `taskset`, runs it as it is. Apart,
 * neither takes the other's core in the middle of a round, so the rounds of a ratio differ less. For a route that
 * queries, a PostgreSQL server (`databasePid`, its postmaster) shares CPU 0 with the load generator: left to float,
 * its backends landed on the server's CPU in some runs and not others (the 200-message poll read 0.033 in one run
 * and 0.053 in the next). Not for the empty-poll rounds, which do not query it: there its background work (the job
 * queue's upkeep) took the load generator's CPU in the first rounds and the bare route's runs read low. Whether they
 * ran pinned is recorded.
 */
async function pinnedApart(serverPid, fn, databasePid) {
  const all = `0-${CPU_COUNT - 1}`;
  const pinned = CPU_COUNT >= 2 && setAffinity(process.pid, '0') && setAffinity(serverPid, '1');
  const database = pinned && databasePid ? processTree(databasePid) : [];
  for (const pid of database) setAffinity(pid, '0');
  try {
    return { pinned, value: await fn() };
  } finally {
    if (pinned) {
      setAffinity(process.pid, all);
      setAffinity(serverPid, all);
      for (const pid of processTree(databasePid ?? -1)) setAffinity(pid, all);
    }
  }
}

// ---------------------------------------------------------------- HTTP helpers (127.0.0.1 only)

async function getJson(url, headers) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${JSON.stringify(body)?.slice(0, 300)}`);
  return body;
}

/**
 * The load generator of the throughput runs: wrk, in C on one thread. autocannon (JavaScript) on one CPU answers to
 * about as many requests a second as the bare route can serve: in its rounds the server sat idle a third of the time
 * (a CPU profile of the bare rounds), so the baseline measured the client. wrk keeps the server busy on every route.
 */
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((file) => fs.existsSync(file));

/** wrk's durations ("812.00us", "1.23ms", "2.01s") in milliseconds. */
function wrkMs(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) throw new Error(`wrk printed a duration it was not expected to: ${text}`);
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2]];
}

/**
 * One bounded wrk run (keep-alive connections, one request at a time on each, as browsers poll); any socket error,
 * timeout or non-2xx answer breaks the benchmark (the numbers would be meaningless).
 */
async function load(url, { headers = {}, connections = CONNECTIONS, duration = DURATION } = {}) {
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const run = await new Promise((resolve) => {
    execFile(WRK, [...args, url], { encoding: 'utf8', timeout: (duration + 30) * 1000 }, (err, stdout, stderr) =>
      resolve({ status: err ? (err.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
  const out = run.out;
  const total = /(\d+) requests in ([\d.]+\w+),/.exec(out);
  const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(out);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  const latency = (p) => wrkMs(new RegExp(`\\s${p}%\\s+(\\S+)`).exec(out)?.[1] ?? 'NaNms');
  if (run.status !== 0 || !total || !perSecond) throw new Error(`wrk on ${url} failed (exit ${run.status}): ${out.slice(0, 300)}`);
  const errors = socketErrors ? socketErrors.slice(1).reduce((n, x) => n + Number(x), 0) : 0;
  if (errors || non2xx) throw new Error(`load on ${url} had ${errors} socket errors or timeouts, ${non2xx?.[1] ?? 0} non-2xx answers`);
  if (!Number(total[1])) throw new Error(`load on ${url} completed no request`);
  return { rps: Number(perSecond[1]), p50: latency(50), p99: latency(99), total: Number(total[1]) };
}

/** One bounded autocannon run (the cluster's rounds, whose proxy runs need autocannon's reconnects, use it throughout). */
async function loadAutocannon(url, { headers = {}, connections = CONNECTIONS, duration = DURATION } = {}) {
  const r = await autocannon({ url, headers, connections, duration, timeout: 10, pipelining: 1 });
  if (r.errors || r.timeouts || r.non2xx) {
    throw new Error(`load on ${url} had ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers`);
  }
  if (!r.requests.total) throw new Error(`load on ${url} completed no request`);
  return { rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total };
}

/** A bounded autocannon run over a list of requests (each connection walks it in order, then again). */
async function loadRequests(url, requests, { connections = CONNECTIONS, duration = DURATION } = {}) {
  const r = await autocannon({ url, requests, connections, duration, timeout: 10, pipelining: 1 });
  if (r.errors || r.timeouts || r.non2xx) {
    throw new Error(`load on ${url} had ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers`);
  }
  return { rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total };
}

const webhookRequests = (events) =>
  events.map((e) => ({
    method: 'POST',
    path: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
    body: e.payload,
  }));

async function uploadFiles(base, headers, payload, round) {
  const form = new FormData();
  for (let i = 0; i < FILES_PER_UPLOAD; i++) {
    form.append('files', new Blob([payload], { type: 'application/octet-stream' }), `round-${round}-file-${i + 1}.bin`);
  }
  const res = await fetch(`${base}/api/messages/uploads`, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(120_000) });
  const body = await res.json().catch(() => null);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)?.slice(0, 300)}`);
  if (body.attachments?.length !== FILES_PER_UPLOAD || body.attachments.some((a) => a.size !== FILE_BYTES)) {
    throw new Error(`upload stored ${JSON.stringify(body.attachments)?.slice(0, 300)}`);
  }
  return body.attachments;
}

async function sendWithAttachments(base, headers, seed, attachments) {
  const res = await fetch(`${base}/api/superadmin/send-message`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      sender_id: String(seed.superadminId),
      receiver_id: String(seed.clientId),
      message_content: 'The files you asked for.',
      conversation_id: seed.conversationId,
      message_attachments: attachments.map((a) => ({ name: a.name, stored_filename: a.stored_filename })),
    }),
    signal: AbortSignal.timeout(60_000),
  });
  const body = await res.json().catch(() => null);
  if (res.status !== 201) throw new Error(`send-message answered ${res.status}: ${JSON.stringify(body)?.slice(0, 300)}`);
  if (body.message?.message_attachments?.length !== attachments.length) throw new Error('send-message lost attachments');
}

/**
 * `connections` people moving cards on one board at once, for `duration` seconds. Each move names the card's version
 * as last answered and, half the time, a neighbour in the target column; a card in flight (moved, or named as a
 * neighbour) is not picked by another connection, so every refusal would be a real fault. Returns the throughput
 * and how many moves the server accepted.
 */
async function loadMoves(base, headers, board, { connections = CONNECTIONS, duration = DURATION } = {}) {
  const cards = new Map(board.columns.flatMap((c) => c.cards.map((card) => [card.id, { column: c.id, version: card.version }])));
  const columnIds = board.columns.map((c) => c.id);
  const busy = new Set();
  let seed = 42;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const ids = [...cards.keys()];
  const pick = () => {
    for (let tries = 0; tries < 50; tries++) {
      const id = ids[random(ids.length)];
      if (!busy.has(id)) return id;
    }
    return null;
  };
  let accepted = 0;
  const r = await autocannon({
    url: base,
    connections,
    duration,
    timeout: 10,
    pipelining: 1,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          const id = pick();
          if (!id) throw new Error('no free card to move');
          const column = columnIds[random(columnIds.length)];
          const neighbours = random(2) === 0 ? ids.filter((other) => other !== id && !busy.has(other) && cards.get(other).column === column) : [];
          const after = neighbours.length ? neighbours[random(neighbours.length)] : undefined;
          busy.add(id);
          if (after) busy.add(after);
          context.moving = [id, after];
          return {
            ...req,
            path: `/api/board/cards/${id}/move`,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ version: cards.get(id).version, column_id: column, ...(after ? { after_card_id: after } : {}) }),
          };
        },
        onResponse: (status, body, context) => {
          for (const id of context.moving ?? []) if (id) busy.delete(id);
          if (status !== 200) return;
          const { card } = JSON.parse(body);
          cards.set(card.id, { column: card.column_id, version: card.version });
          accepted += 1;
        },
      },
    ],
  });
  if (r.errors || r.timeouts || r.non2xx) throw new Error(`moves had ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers`);
  return { rps: r.requests.total / r.duration, p99: r.latency.p99, accepted };
}

/**
 * `count` event streams (GET /api/events) of one person, opened in batches; each notes when a message.sent frame
 * reaches it. One socket per stream, as browsers would hold.
 */
async function openStreams(base, token, count) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams = [];
  const openOne = () =>
    new Promise((resolve, reject) => {
      const stream = { arrivals: [], req: null };
      stream.req = http.get(`${base}/api/events`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`an event stream answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          buffer += chunk;
          let at;
          while ((at = buffer.indexOf('\n\n')) >= 0) {
            if (buffer.slice(0, at).includes('event: message.sent')) stream.arrivals.push(performance.now());
            buffer = buffer.slice(at + 2);
          }
        });
        resolve();
      });
      stream.req.on('error', (err) => {
        if (!stream.closing) reject(err);
      });
      streams.push(stream);
    });
  for (let i = 0; i < count; i += 100) await Promise.all(Array.from({ length: Math.min(100, count - i) }, openOne));
  return {
    streams,
    close() {
      for (const stream of streams) {
        stream.closing = true;
        stream.req.destroy();
      }
      agent.destroy();
    },
  };
}

/** p-th percentile of a list of numbers (nearest rank). */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * SSE_STREAMS streams of the super admin on one node, then SSE_MESSAGES messages from the super admin, one at a
 * time: each is pushed to every stream. Delivery time runs from the send request leaving to the frame arriving.
 */
async function benchStreams(base, headers, seed, server) {
  await server.call('monitor-start');
  const opened = performance.now();
  const { streams, close } = await openStreams(base, seed.token, SSE_STREAMS);
  const openSeconds = (performance.now() - opened) / 1000;
  const delays = [];
  try {
    for (let i = 0; i < SSE_MESSAGES; i++) {
      const before = streams.map((s) => s.arrivals.length);
      const sentAt = performance.now();
      const res = await fetch(`${base}/api/superadmin/send-message`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          sender_id: String(seed.superadminId),
          receiver_id: String(seed.clientId),
          conversation_id: seed.conversationId,
          message_content: `Fanned out ${i + 1}`,
        }),
        signal: AbortSignal.timeout(60_000),
      });
      if (res.status !== 201) throw new Error(`send-message answered ${res.status}`);
      const deadline = performance.now() + 30_000;
      while (streams.some((s, j) => s.arrivals.length <= before[j])) {
        if (performance.now() > deadline) {
          const missing = streams.filter((s, j) => s.arrivals.length <= before[j]).length;
          throw new Error(`${missing} of ${streams.length} streams never received message ${i + 1}`);
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      for (const [j, s] of streams.entries()) delays.push(s.arrivals[before[j]] - sentAt);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    close();
  }
  const monitor = await server.call('monitor-stop');
  return {
    streams: streams.length,
    openSeconds,
    deliveries: delays.length,
    p50Ms: percentile(delays, 50),
    p99Ms: percentile(delays, 99),
    maxMs: Math.max(...delays),
    rssGrowthMb: monitor.peakRssGrowthMb,
  };
}

// ---------------------------------------------------------------- time tracking

/**
 * A million time entries over 200 people and 2,000 projects (and ten issued invoices a project), seeded in SQL; then
 * the agency's profitability report by project and one person's week, each with one connection (DESIGN's budgets),
 * the week with ten too.
 */
async function benchTime(backend, server, base, headers, result) {
  log(`${backend}: seeding ${TIME_SEED.entries} time entries over ${TIME_SEED.people} people and ${TIME_SEED.projects} projects`);
  result.timeSeed = await server.call('seed-time', TIME_SEED, 600_000);
  log(
    `${backend}: seeded in ${result.timeSeed.seconds} s (${result.timeSeed.monthlyTotals} monthly totals, ${result.timeSeed.invoices} invoices in all)`,
  );
  const reportUrl = `${base}/api/reports/profitability?group_by=project`;
  const report = await getJson(reportUrl, headers);
  if (report.rows?.length < TIME_SEED.projects) throw new Error(`profitability report returned ${report.rows?.length} rows`);
  result.profitabilityReportRows = report.rows.length;
  result.profitabilityReportBytes = Buffer.byteLength(JSON.stringify(report));
  const sheetUrl = `${base}/api/timesheets?user_id=${result.timeSeed.userId}&week=${result.timeSeed.week}`;
  const sheet = await getJson(sheetUrl, headers);
  if (sheet.entries?.length !== result.timeSeed.weekEntries || !sheet.entries.length) {
    throw new Error(`timesheet returned ${sheet.entries?.length} entries, expected ${result.timeSeed.weekEntries}`);
  }
  await load(reportUrl, { headers, connections: 1, duration: WARMUP });
  log(`${backend}: profitability report by project, 1 connection`);
  const report1 = await load(reportUrl, { headers, connections: 1 });
  result.profitabilityReportP50Ms = report1.p50;
  result.profitabilityReportP99Ms = report1.p99;
  await load(sheetUrl, { headers, connections: 1, duration: WARMUP });
  log(`${backend}: a week's timesheet, 1 connection`);
  const sheet1 = await load(sheetUrl, { headers, connections: 1 });
  await load(sheetUrl, { headers, duration: WARMUP });
  log(`${backend}: a week's timesheet, ${CONNECTIONS} connections`);
  const sheetN = await load(sheetUrl, { headers });
  result.timesheetP50Ms = sheet1.p50;
  result.timesheetP99Ms = sheet1.p99;
  result.timesheetLoadedP99Ms = sheetN.p99;
  log(
    `${backend}: profitability report p99 ${report1.p99.toFixed(1)} ms (${report.rows.length} rows), timesheet p99 ${sheet1.p99.toFixed(1)} ms (1 conn.), ${sheetN.p99.toFixed(1)} ms (${CONNECTIONS} conn.)`,
  );
}

// ---------------------------------------------------------------- search

/**
 * GET /api/search over the inbox's data set (on PostgreSQL 100,000 projects and 1,000,000 messages), each query of
 * SEARCH_QUERIES with one connection; the section's p99 is the worst of them.
 */
async function benchSearch(backend, base, headers, result) {
  result.searchP99ByQuery = {};
  let worst = 0;
  for (const { name, q } of SEARCH_QUERIES) {
    const url = `${base}/api/search?q=${encodeURIComponent(q)}`;
    const body = await getJson(url, headers);
    if (!body.items?.length) throw new Error(`search for ${q} found nothing`);
    await load(url, { headers, connections: 1, duration: WARMUP });
    log(`${backend}: search "${q}", 1 connection`);
    const run = await load(url, { headers, connections: 1 });
    result.searchP99ByQuery[name] = run.p99;
    worst = Math.max(worst, run.p99);
    log(
      `${backend}: search "${q}" p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, ${run.rps.toFixed(0)} req/s (${body.items.length} items)`,
    );
  }
  result.searchP99Ms = worst;
}

// ---------------------------------------------------------------- replies by e-mail

/** A client's reply as a mail program writes it: the answer above the quote line and the quoted message. */
function rawReply(sender, text, id) {
  return [
    `From: ${sender.from}`,
    `To: ${sender.to}`,
    'Subject: Re: An unread message about your project',
    `Message-ID: <${id}@bench.invalid>`,
    'Date: Mon, 01 Jun 2025 12:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    '',
    `${text}: thanks, that works for us. Could we move the review to Thursday?`,
    '',
    'On Mon, 1 Jun 2025 at 11:58, Bench Owner <owner@bench.invalid> wrote:',
    '> A message is waiting for you about "Seeded project".',
    '> Seeded message 1 in conversation 1',
    '',
  ].join('\r\n');
}

/**
 * POST /api/inbound-email at INBOUND_RATE replies a second for `seconds`, each reply numbered under `tag`. Returns each
 * answer's latency and whether it was posted, the seconds the sending took and the seconds until the last answer.
 */
async function inboundRun(base, secret, senders, tag, seconds) {
  const url = new URL('/api/inbound-email', base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const post = (i) =>
    new Promise((resolve) => {
      const body = Buffer.from(rawReply(senders[i % senders.length], `${tag} ${i}`, `${tag}-${i}`));
      const started = performance.now();
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          timeout: 30_000,
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'message/rfc822', 'content-length': body.length },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            let status = '';
            try {
              status = JSON.parse(Buffer.concat(chunks).toString('utf8')).status;
            } catch {
              // Not JSON: counted as not posted.
            }
            resolve({ ms: performance.now() - started, posted: res.statusCode === 200 && status === 'posted', code: `${res.statusCode} ${status}` });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', (err) => resolve({ ms: performance.now() - started, posted: false, code: err.message }));
      req.end(body);
    });
  const total = Math.round(seconds * INBOUND_RATE);
  const started = performance.now();
  const answers = [];
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / INBOUND_RATE - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    answers.push(post(i));
  }
  const sendSeconds = (performance.now() - started) / 1000;
  const settled = await Promise.all(answers);
  const doneSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { total, settled, sendSeconds, doneSeconds };
}

/**
 * CPU-seconds (user + system) the app's process and the PostgreSQL server (its postmaster, the backends alive and
 * those that ended) have used: what a run costs whatever else competes for the machine's cores.
 */
function cpuSecondsOf(serverPid, databasePid) {
  const fieldsOf = (pid) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
    } catch {
      return null;
    }
  };
  const ticks = (pid, withEnded) => {
    const f = fieldsOf(pid);
    return f ? f[11] + f[12] + (withEnded ? f[13] + f[14] : 0) : 0;
  };
  let database = 0;
  if (databasePid) {
    const [postmaster, ...backends] = processTree(databasePid);
    database = ticks(postmaster, true) + backends.reduce((n, pid) => n + ticks(pid, false), 0);
  }
  // USER_HZ on Linux.
  return { server: ticks(serverPid, false) / 100, database: database / 100 };
}

/**
 * Replies by e-mail: a warm-up, then INBOUND_SECONDS at INBOUND_RATE replies a second through the provider's
 * webhook. Every reply must be answered "posted" and be in the database afterwards (nothing lost). Also the CPU
 * time each reply cost the server and PostgreSQL together (on the embedded database, the server alone).
 */
async function benchInbound(backend, server, base, result, databasePid) {
  const { secret, senders } = await server.call('inbound-addresses', { count: INBOUND_SENDERS });
  if (senders.length === 0) throw new Error('no seeded client to reply from');
  const runTag = crypto.randomBytes(4).toString('hex');
  log(`${backend}: inbound warm-up`);
  await inboundRun(base, secret, senders, `warm-${runTag}`, WARMUP);
  log(`${backend}: inbound, ${INBOUND_RATE} replies a second for ${INBOUND_SECONDS} s from ${senders.length} clients`);
  const tag = `reply-${runTag}`;
  const cpuBefore = cpuSecondsOf(server.pid, databasePid);
  const run = await inboundRun(base, secret, senders, tag, INBOUND_SECONDS);
  const cpuAfter = cpuSecondsOf(server.pid, databasePid);
  const { messages } = await server.call('inbound-count', { tag: `${tag} ` });
  const posted = run.settled.filter((a) => a.posted).length;
  const failures = run.settled.filter((a) => !a.posted).map((a) => a.code);
  const ms = run.settled.map((a) => a.ms);
  result.inboundSent = run.total;
  result.inboundPosted = posted;
  result.inboundStored = messages;
  result.inboundLost = run.total - messages;
  result.inboundPerSecond = posted / run.doneSeconds;
  result.inboundSendSeconds = run.sendSeconds;
  result.inboundDoneSeconds = run.doneSeconds;
  result.inboundP50Ms = percentile(ms, 50);
  result.inboundP99Ms = percentile(ms, 99);
  const perReply = (seconds) => (posted ? (seconds * 1000) / posted : null);
  result.inboundServerCpuMsPerReply = perReply(cpuAfter.server - cpuBefore.server);
  result.inboundDatabaseCpuMsPerReply = perReply(cpuAfter.database - cpuBefore.database);
  result.inboundCpuMsPerReply = perReply(cpuAfter.server - cpuBefore.server + cpuAfter.database - cpuBefore.database);
  log(
    `${backend}: inbound ${run.total} replies sent in ${run.sendSeconds.toFixed(1)} s, ${posted} posted, ${messages} in the database, ` +
      `${result.inboundPerSecond.toFixed(1)} a second to the last answer (${run.doneSeconds.toFixed(1)} s), p50 ${result.inboundP50Ms.toFixed(1)} ms, ` +
      `p99 ${result.inboundP99Ms.toFixed(1)} ms, ${result.inboundCpuMsPerReply?.toFixed(2)} CPU-ms a reply posted (server ${result.inboundServerCpuMsPerReply?.toFixed(2)}, PostgreSQL ${result.inboundDatabaseCpuMsPerReply?.toFixed(2)})${failures.length ? `; not posted: ${[...new Set(failures)].join(', ')}` : ''}`,
  );
}

// ---------------------------------------------------------------- one database

async function benchBackend(backend) {
  const result = { backend };
  const dataDir = tempDir(`agency-bench-${backend}-`);
  const env = { BENCH_DATA_DIR: dataDir };
  let pg = null;
  if (backend === 'postgres') {
    log('starting a throwaway PostgreSQL server');
    pg = await startPostgres();
    cleanups.push(() => pg.stop());
    env.DATABASE_URL = pg.url;
  }
  const server = startServer(backend, env);
  const ready = await server.ready;
  const base = `http://127.0.0.1:${ready.appPort}`;
  const bareUrl = `http://127.0.0.1:${ready.barePort}/api/bench/bare`;
  const bareDbUrl = `http://127.0.0.1:${ready.barePort}/api/bench/bare-db`;
  const meUrl = `${base}/api/auth/me`;
  log(`${backend}: app on ${base}, bare route on port ${ready.barePort}`);

  const seed = await server.call('seed-basic');
  if (TIME_ONLY) {
    await benchTime(backend, server, base, { authorization: `Bearer ${seed.token}` }, result);
    await server.stop();
    return result;
  }
  if (INBOUND_ONLY) {
    log(`${backend}: seeding ${INBOUND_SEED.clients} clients, each with a project and a conversation`);
    await server.call('seed-inbox', INBOUND_SEED, 120_000);
    await benchInbound(backend, server, base, result, pg?.pid);
    await server.stop();
    return result;
  }
  if (SEARCH_ONLY) {
    const sizes = SEEDS[backend];
    log(`${backend}: seeding ${sizes.conversations} projects and conversations / ${sizes.conversations * sizes.perConversation} messages`);
    result.inboxSeed = await server.call('seed-inbox', sizes, 600_000);
    log(`${backend}: seeded in ${result.inboxSeed.seconds} s`);
    await benchSearch(backend, base, { authorization: `Bearer ${seed.token}` }, result);
    await server.stop();
    return result;
  }
  const thread = await server.call('seed-thread', { count: POLL_MESSAGES });
  const headers = { authorization: `Bearer ${seed.token}` };
  const pollUrl = (since) => `${base}/api/superadmin/get-all-messages?user_id=${seed.superadminId}&since_id=${since}&limit=200`;
  const emptyUrl = pollUrl(thread.lastId);
  const fullUrl = pollUrl(thread.firstId - 1);

  // Check the answers before measuring them.
  if ((await getJson(bareUrl)).ok !== true) throw new Error('bare route answered unexpectedly');
  const emptyBody = await getJson(emptyUrl, headers);
  if (emptyBody.messages?.length !== 0) throw new Error(`empty poll returned ${emptyBody.messages?.length} messages`);
  const fullBody = await getJson(fullUrl, headers);
  if (fullBody.messages?.length !== POLL_MESSAGES) throw new Error(`full poll returned ${fullBody.messages?.length} messages`);
  result.fullPollBytes = Buffer.byteLength(JSON.stringify(fullBody));

  // (a) empty poll vs bare route, interleaved twice so drift on a shared machine hits both alike.
  log(`${backend}: warm-up`);
  await load(bareUrl, { duration: WARMUP });
  await load(emptyUrl, { headers, duration: WARMUP });
  await load(fullUrl, { headers, duration: WARMUP });
  await load(bareDbUrl, { duration: WARMUP });
  await load(meUrl, { headers, duration: WARMUP });
  // Many short rounds, each a bare run and an empty-poll run back to back (in alternating order), so that a
  // change in the machine's load hits both sides of a ratio alike; the ratio is the median of the rounds. The load
  // generator and the server run on a CPU each while they are measured.
  const bareRuns = [];
  const emptyRuns = [];
  const rounds = await pinnedApart(server.pid, async () => {
    for (let i = 0; i < RATIO_ROUNDS; i++) {
      log(`${backend}: bare route vs empty poll, round ${i + 1} of ${RATIO_ROUNDS}`);
      if (i % 2 === 0) {
        bareRuns.push(await load(bareUrl, { duration: ROUND_SECONDS }));
        emptyRuns.push(await load(emptyUrl, { headers, duration: ROUND_SECONDS }));
      } else {
        emptyRuns.push(await load(emptyUrl, { headers, duration: ROUND_SECONDS }));
        bareRuns.push(await load(bareUrl, { duration: ROUND_SECONDS }));
      }
    }
  });
  result.ratioRoundsPinned = rounds.pinned;
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  result.bareRps = mean(bareRuns.map((r) => r.rps));
  result.bareP99Ms = Math.max(...bareRuns.map((r) => r.p99));
  result.emptyPollRps = mean(emptyRuns.map((r) => r.rps));
  result.emptyPollP99Ms = Math.max(...emptyRuns.map((r) => r.p99));
  result.emptyPollRoundRatios = emptyRuns.map((r, i) => r.rps / bareRuns[i].rps);
  result.emptyPollRatio = median(result.emptyPollRoundRatios);
  result.emptyPollRatioSpread = spread(result.emptyPollRoundRatios);

  // Diagnostic: the same bare route plus one `select 1`, the ceiling for any route with one database round trip.
  log(`${backend}: bare route + one database query`);
  const bareDb = await load(bareDbUrl);
  result.bareDbRps = bareDb.rps;
  result.bareDbRatio = bareDb.rps / result.bareRps;
  log(`${backend}: GET /api/auth/me (the app with the bearer lookup and no other query)`);
  const me = await load(meUrl, { headers });
  result.authOnlyRps = me.rps;
  result.authOnlyRatio = me.rps / result.bareRps;

  // (b) a poll that returns 200 messages.
  log(`${backend}: ${POLL_MESSAGES}-message poll`);
  const { value: full } = await pinnedApart(server.pid, () => load(fullUrl, { headers }), pg?.pid);
  result.fullPollRps = full.rps;
  result.fullPollRatio = full.rps / result.bareRps;
  result.fullPollP99Ms = full.p99;

  // (d) ten 10 MB attachments through the streaming upload, then a message that refers to them; repeated
  // UPLOAD_SETS times, each with its own monitor window, plus an idle window first as the noise floor of this machine.
  log(`${backend}: idle event-loop window (noise floor)`);
  await server.call('monitor-start');
  await new Promise((r) => setTimeout(r, 2000));
  const idle = await server.call('monitor-stop');
  const payload = crypto.randomBytes(FILE_BYTES);
  const sets = [];
  for (let set = 1; set <= UPLOAD_SETS; set++) {
    log(
      `${backend}: ${FILES_PER_UPLOAD} files of ${FILE_BYTES / 1024 / 1024} MB through POST /api/messages/uploads, then send-message (${set} of ${UPLOAD_SETS})`,
    );
    await server.call('monitor-start');
    let t = performance.now();
    const attachments = await uploadFiles(base, headers, payload, set);
    const uploadMs = Math.round(performance.now() - t);
    t = performance.now();
    await sendWithAttachments(base, headers, seed, attachments);
    const sendMs = Math.round(performance.now() - t);
    sets.push({ ...(await server.call('monitor-stop')), uploadMs, sendMs });
  }
  result.upload = {
    loopDelayP99Ms: median(sets.map((x) => x.loopDelayP99Ms)),
    loopDelayMaxMs: Math.max(...sets.map((x) => x.loopDelayMaxMs)),
    idleLoopDelayP99Ms: idle.loopDelayP99Ms,
    peakRssGrowthMb: Math.max(...sets.map((x) => x.peakRssGrowthMb)),
    peakHeapGrowthMb: Math.max(...sets.map((x) => x.peakHeapGrowthMb)),
    peakExternalGrowthMb: Math.max(...sets.map((x) => x.peakExternalGrowthMb)),
    retainedHeapGrowthMb: Math.max(...sets.map((x) => x.retainedHeapGrowthMb)),
    sets,
  };

  // (f) realtime: thousands of open event streams, one message fanned out to all of them.
  log(`${backend}: ${SSE_STREAMS} event streams, ${SSE_MESSAGES} messages fanned out to all of them`);
  result.sse = await benchStreams(base, headers, seed, server);
  log(`${backend}: streams delivered p99 ${result.sse.p99Ms.toFixed(1)} ms, RSS +${result.sse.rssGrowthMb} MB`);

  // (e) a board of 1,000 cards: loading it, then ten people moving cards on it at once.
  log(`${backend}: seeding a board of ${BOARD_CARDS} cards`);
  const boardSeed = await server.call('seed-board', { cards: BOARD_CARDS }, 120_000);
  const boardUrl = `${base}/api/projects/${boardSeed.projectId}/board`;
  const boardBody = await getJson(boardUrl, headers);
  const boardCount = boardBody.columns.reduce((n, c) => n + c.cards.length, 0);
  if (boardBody.columns.length !== 5 || boardCount !== BOARD_CARDS)
    throw new Error(`board returned ${boardBody.columns.length} columns, ${boardCount} cards`);
  result.boardBytes = Buffer.byteLength(JSON.stringify(boardBody));
  await load(boardUrl, { headers, connections: 1, duration: WARMUP });
  log(`${backend}: board of ${BOARD_CARDS} cards, 1 connection`);
  const board1 = await load(boardUrl, { headers, connections: 1 });
  log(`${backend}: board of ${BOARD_CARDS} cards, ${CONNECTIONS} connections`);
  const boardN = await load(boardUrl, { headers });
  result.boardP50Ms = board1.p50;
  result.boardP99Ms = board1.p99;
  result.boardLoadedP99Ms = boardN.p99;
  result.boardLoadRatio = boardN.rps / result.bareRps;
  log(`${backend}: ${CONNECTIONS} connections moving cards on that board`);
  const moves = await loadMoves(base, headers, await getJson(boardUrl, headers));
  const after = await server.call('board-positions', { projectId: boardSeed.projectId });
  const places = new Set(after.map((c) => `${c.columnId}:${c.position}`));
  const versionsGained = after.reduce((n, c) => n + c.version - 1, 0);
  result.boardMoves = {
    rps: moves.rps,
    p99Ms: moves.p99,
    accepted: moves.accepted,
    cardsAfter: after.length,
    duplicatePlaces: after.length - places.size,
    appliedUnanswered: versionsGained - moves.accepted,
  };
  result.boardMovesRatio = moves.rps / result.bareRps;
  // Moves still in flight when the run stops are applied but never answered: at most one per connection.
  const unanswered = versionsGained - moves.accepted;
  result.boardIntact = after.length === BOARD_CARDS && places.size === after.length && unanswered >= 0 && unanswered <= CONNECTIONS;
  if (!result.boardIntact) log(`${backend}: BOARD NOT INTACT after the moves: ${JSON.stringify(result.boardMoves)}`);

  // Each of the sections below starts once the jobs the ones before it queued are done (bench-server.ts, jobsDrain).
  const drain = async (before) => {
    const d = await server.call('jobs-drain', {}, 330_000);
    if (d.jobs > 0) log(`${backend}: ${d.jobs} queued jobs done in ${d.seconds} s before ${before}`);
    return d;
  };

  // (c) the inbox on a large data set.
  const sizes = SEEDS[backend];
  log(`${backend}: seeding ${sizes.conversations} conversations / ${sizes.conversations * sizes.perConversation} messages`);
  result.inboxSeed = await server.call('seed-inbox', sizes, 300_000);
  log(`${backend}: seeded in ${result.inboxSeed.seconds} s`);
  await drain('the inbox');
  const inboxUrl = `${base}/api/superadmin/conversations?user_id=${seed.superadminId}`;
  const inboxBody = await getJson(inboxUrl, headers);
  if (inboxBody.conversations?.length !== 200) throw new Error(`inbox returned ${inboxBody.conversations?.length} conversations`);
  await load(inboxUrl, { headers, connections: 1, duration: WARMUP });
  log(`${backend}: inbox, 1 connection`);
  const inbox1 = await load(inboxUrl, { headers, connections: 1 });
  // Warmed up with as many connections as it is measured with: the pool's idle connections closed while the seed
  // ran (after 30 s), and each new PostgreSQL backend fills its catalogue caches and plans the named statement on
  // its first answers, which a server under steady load has long done.
  await load(inboxUrl, { headers, duration: WARMUP });
  log(`${backend}: inbox, ${CONNECTIONS} connections`);
  const inboxN = await load(inboxUrl, { headers });
  result.inboxP50Ms = inbox1.p50;
  result.inboxP99Ms = inbox1.p99;
  result.inboxRps1 = inbox1.rps;
  result.inboxLoadedP99Ms = inboxN.p99;
  result.inboxLoadedRps = inboxN.rps;
  await benchSearch(backend, base, headers, result);
  await benchInbound(backend, server, base, result, pg?.pid);

  // The Stripe webhook: signed checkout.session.completed events, each paying one invoice, each posted many times
  // over by every connection (retries and duplicate deliveries): the first copy pays, the rest change nothing.
  log(`${backend}: webhook warm-up`);
  await loadRequests(base, webhookRequests(await server.call('seed-webhook-events', { count: 200, tag: 'W' }, 120_000)), { duration: WARMUP });
  log(`${backend}: webhook, ${WEBHOOK_EVENTS} distinct signed events posted repeatedly`);
  const hooks = await loadRequests(base, webhookRequests(await server.call('seed-webhook-events', { count: WEBHOOK_EVENTS, tag: 'M' }, 120_000)));
  const check = await server.call('webhook-check', { tag: 'M' });
  if (check.payments !== check.paid || check.events > check.invoices || check.payments > check.events) {
    throw new Error(`webhook run counted money wrongly: ${JSON.stringify(check)}`);
  }
  result.webhookRps = hooks.rps;
  result.webhookRatio = hooks.rps / result.bareRps;
  result.webhookP99Ms = hooks.p99;
  result.webhookRequests = hooks.total;
  result.webhookDistinctProcessed = check.events;
  result.webhookDuplicateShare = 1 - check.events / hooks.total;
  result.webhookPayments = check.payments;

  const invoiceSizes = INVOICE_SEEDS[backend];
  log(`${backend}: seeding ${invoiceSizes.invoices} invoices`);
  result.invoiceSeed = await server.call('seed-invoice-list', invoiceSizes, 300_000);
  log(`${backend}: seeded in ${result.invoiceSeed.seconds} s`);
  // The webhook run's payments each queued a receipt (a PDF rendered, stored and mailed): about a thousand.
  result.receiptsDrain = await drain('the invoice list');
  const invoicesUrl = `${base}/api/invoices?limit=50`;
  const invoicesBody = await getJson(invoicesUrl, headers);
  if (invoicesBody.items?.length !== 50) throw new Error(`invoice list returned ${invoicesBody.items?.length} invoices`);
  await load(invoicesUrl, { headers, connections: 1, duration: WARMUP });
  log(`${backend}: invoice list, 1 connection`);
  const list1 = await load(invoicesUrl, { headers, connections: 1 });
  await load(invoicesUrl, { headers, duration: WARMUP });
  log(`${backend}: invoice list, ${CONNECTIONS} connections`);
  const listN = await load(invoicesUrl, { headers });
  result.invoiceListP50Ms = list1.p50;
  result.invoiceListP99Ms = list1.p99;
  result.invoiceListLoadedP99Ms = listN.p99;

  if (backend === 'postgres') {
    await drain('time tracking');
    await benchTime(backend, server, base, headers, result);
  }

  await server.stop();
  return result;
}

/** `npm run build`, so start-up is measured on the code as it stands. */
function buildApp() {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}`))));
  });
}

/**
 * The JavaScript each public page and signed-in screen loads cold, in KB gzip: the end-to-end page-weight journey
 * (apps/web/e2e/page-weight.spec.ts) against the built app in Chromium, read from the table it prints. The figures
 * are kept when the journey fails on a ceiling; only a journey that printed nothing loses the rows.
 */
async function measurePageWeights() {
  const port = await freePort();
  const output = await new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', 'e2e/page-weight.spec.ts', '--grep', 'JavaScript ceiling'],
      {
        cwd: root,
        env: { ...process.env, E2E_PORT: String(port), PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(os.tmpdir(), `bench-page-weight-${port}.json`) },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), 10 * 60_000);
    child.once('error', reject);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
  // The journey's rows, in its order: the page, its files, its weight, its ceiling and DESIGN's budget for it.
  const weights = {};
  for (const match of output.matchAll(/^\s*(\/\S*)\s+(\d+) files\s+([\d.]+) KB gzip \(ceiling [\d.]+, DESIGN ([\d.]+)/gm)) {
    weights[match[1]] = { files: Number(match[2]), gzipKb: Number(match[3]), budgetKb: Number(match[4]) };
  }
  if (Object.keys(weights).length === 0) throw new Error(`the page-weight journey printed no weights:\n${output.slice(-2000)}`);
  return weights;
}

// ---------------------------------------------------------------- the cluster

/** The door limits of the cluster's nodes, raised: the seed signs up from one address. */
const CLUSTER_ENV = Object.fromEntries(
  ['ANONYMOUS_PER_MINUTE', 'LOGIN_PER_MINUTE', 'SIGNUP_PER_HOUR', 'MESSAGES_PER_MINUTE'].map((name) => [`RATE_LIMIT_${name}`, '100000']),
);

/** The bare route in a child process (scripts/bench-bare.mjs); resolves with its URL. */
async function startBare() {
  const child = fork(path.join(root, 'scripts/bench-bare.mjs'), [], { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bare route did not start within 30 s')), 30_000);
    child.on('message', (msg) => {
      if (msg?.type !== 'ready') return;
      clearTimeout(timer);
      resolve(msg.port);
    });
    exited.then((code) => reject(new Error(`the bare route exited (${code})`)));
  });
  return `http://127.0.0.1:${port}/api/bench/bare`;
}

/** A client account through the cluster, as a person makes one: the sign-up, then the link of the mail it sends. */
async function signUpClient(cluster, account) {
  const asked = await fetch(`${cluster.url}/api/auth/signup/client`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
    signal: AbortSignal.timeout(30_000),
  });
  if (asked.status !== 202) throw new Error(`client sign-up answered ${asked.status}: ${(await asked.text()).slice(0, 300)}`);
  const until = Date.now() + 30_000;
  let token;
  while (!(token = /\/confirm-signup\?token=([A-Za-z0-9_-]+)/.exec(cluster.mails.find((m) => m.to === account.email)?.text ?? '')?.[1])) {
    if (Date.now() > until) throw new Error(`no sign-up mail reached ${account.email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return postJson(`${cluster.url}/api/auth/signup/confirm`, { token });
}

/**
 * A second nginx, with the cluster's settings (nginxConfig of scripts/cluster.mjs) but only `upstreams` behind it:
 * the one-node run goes through the same kind of door as the two-node one. Resolves with its URL.
 */
async function startNginx(upstreams) {
  const nginxBin = findNginx();
  if (!nginxBin) throw new Error('nginx not found: install it with `npm run test:deps`');
  const dir = tempDir('agency-bench-nginx-');
  // Started as root, nginx's workers run as nobody: they must reach their temporary folders.
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, 'tmp', sub), { recursive: true, mode: 0o777 });
  if (asRoot)
    for (const sub of ['', 'tmp', 'tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi'])
      fs.chmodSync(path.join(dir, sub), sub ? 0o777 : 0o755);
  const port = await freePort();
  const configFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(configFile, nginxConfig({ dir, port, upstreams, asRoot }));
  const child = spawn(nginxBin, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', configFile, '-g', 'daemon off;'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx (one node) exited: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return url;
    if (Date.now() > until) throw new Error(`nginx (one node) did not answer on ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function postJson(url, body, token) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const answer = await res.json().catch(() => null);
  if (res.status !== 201) throw new Error(`POST ${url} answered ${res.status}: ${JSON.stringify(answer)?.slice(0, 300)}`);
  return answer;
}

/**
 * One bounded run through nginx. nginx closes a client connection after 1,000 requests (`keepalive_requests`), and
 * the load generator, writing its next request at that moment, may see the socket close under it: such errors are
 * counted, and tolerated up to one request in a thousand. Any non-2xx answer, or more errors, breaks the run.
 */
async function loadThroughProxy(url, { headers = {}, duration = DURATION } = {}) {
  const messages = new Map();
  const instance = autocannon({ url, headers, connections: CONNECTIONS, duration, timeout: 10, pipelining: 1 });
  instance.on('reqError', (err) => messages.set(err?.code ?? err?.message, (messages.get(err?.code ?? err?.message) ?? 0) + 1));
  const r = await instance;
  const described = [...messages].map(([m, n]) => `${n} x ${m}`).join(', ');
  if (r.non2xx || r.timeouts || r.errors > r.requests.total / 1000) {
    throw new Error(`load on ${url} had ${r.errors} errors (${described}), ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers`);
  }
  if (!r.requests.total) throw new Error(`load on ${url} completed no request`);
  if (r.errors) log(`cluster: ${described} on ${url} (reconnected; ${r.requests.total} requests answered)`);
  return { rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, errors: r.errors };
}

/** How many empty polls a node has answered, from its own /metrics (loopback is allowed to read them). */
async function pollsServed(node) {
  const text = await (await fetch(`${node.url}/metrics`, { signal: AbortSignal.timeout(10_000) })).text();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('http_request_duration_seconds_count{') &&
        l.includes('route="/api/superadmin/get-all-messages"') &&
        l.includes('status_code="200"'),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/**
 * The empty poll through nginx with two nodes behind it, then with one (a second nginx in front of node 1 only),
 * against a bare route measured in the same rounds. Seeded through the API: a super admin, a client, a project and
 * one message, so the poll from that message's id finds nothing newer.
 */
async function benchCluster() {
  const result = {};
  log('cluster: starting PostgreSQL, the S3 stand-in, two nodes and nginx (scripts/cluster.mjs)');
  const cluster = await startCluster({ nodes: 2, env: CLUSTER_ENV });
  cleanups.push(() => cluster.stop());
  const [node1, node2] = cluster.nodes;
  const singleUrl = await startNginx([`127.0.0.1:${node1.port}`]);
  const bareUrl = await startBare();
  log(`cluster: nginx on ${cluster.url} (two nodes), ${singleUrl} (node 1 only); bare route ${bareUrl}`);

  const password = `bench-${crypto.randomBytes(8).toString('hex')}`;
  const owner = await postJson(`${cluster.url}/api/auth/signup/superadmin`, {
    name: 'Bench Owner',
    email: 'owner@bench.invalid',
    password,
    setup_token: readOwnerSetupToken(node1.dataDir),
  });
  const client = await signUpClient(cluster, { name: 'Bench Client', email: 'client@bench.invalid', password });
  const { project } = await postJson(`${cluster.url}/api/projects`, { title: 'Cluster bench', description: 'Polled through nginx.' }, client.token);
  const { message } = await postJson(
    `${cluster.url}/api/superadmin/send-message`,
    {
      sender_id: owner.user.id,
      receiver_id: client.user.id,
      conversation_id: `${project.id}:${client.user.id}`,
      message_content: 'Polled by the benchmark.',
    },
    owner.token,
  );
  const headers = { authorization: `Bearer ${owner.token}` };
  const pollPath = `/api/superadmin/get-all-messages?user_id=${owner.user.id}&since_id=${message.id}&limit=200`;
  const targets = { two: `${cluster.url}${pollPath}`, one: `${singleUrl}${pollPath}`, direct: `${node1.url}${pollPath}` };
  for (const url of Object.values(targets)) {
    const body = await getJson(url, headers);
    if (body.messages?.length !== 0) throw new Error(`cluster empty poll on ${url} returned ${body.messages?.length} messages`);
  }

  log('cluster: warm-up');
  await loadAutocannon(bareUrl, { duration: WARMUP });
  for (const url of Object.values(targets)) await loadThroughProxy(url, { headers, duration: WARMUP });

  // Rounds as for the single-node ratios: each a bare run and the three poll runs back to back, their order
  // rotated, so a change in the machine's load hits every side of a round alike.
  const runs = { bare: [], two: [], one: [], direct: [] };
  const order = ['bare', 'two', 'one', 'direct'];
  const url = { bare: bareUrl, ...targets };
  let servedBy2 = 0;
  let servedInTwo = 0;
  for (let i = 0; i < RATIO_ROUNDS; i++) {
    log(`cluster: bare route vs empty poll through nginx (two nodes, one node) and on node 1 directly, round ${i + 1} of ${RATIO_ROUNDS}`);
    for (let k = 0; k < order.length; k++) {
      const what = order[(i + k) % order.length];
      const before = what === 'two' ? await Promise.all([pollsServed(node1), pollsServed(node2)]) : null;
      runs[what].push(
        what === 'bare'
          ? await loadAutocannon(url.bare, { duration: ROUND_SECONDS })
          : await loadThroughProxy(url[what], { headers, duration: ROUND_SECONDS }),
      );
      if (before) {
        const after = await Promise.all([pollsServed(node1), pollsServed(node2)]);
        servedBy2 += after[1] - before[1];
        servedInTwo += after[0] - before[0] + after[1] - before[1];
      }
    }
    log(`cluster: round ${i + 1}: ${order.map((what) => `${what} ${runs[what][i].rps.toFixed(0)} req/s (p99 ${runs[what][i].p99} ms)`).join(', ')}`);
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const ratios = (top, bottom) => runs[top].map((r, i) => r.rps / runs[bottom][i].rps);
  result.bareRps = mean(runs.bare.map((r) => r.rps));
  result.twoNodeRps = mean(runs.two.map((r) => r.rps));
  result.oneNodeRps = mean(runs.one.map((r) => r.rps));
  result.directRps = mean(runs.direct.map((r) => r.rps));
  result.twoNodeP99Ms = Math.max(...runs.two.map((r) => r.p99));
  result.oneNodeP99Ms = Math.max(...runs.one.map((r) => r.p99));
  result.twoNodeRatio = median(ratios('two', 'bare'));
  result.oneNodeRatio = median(ratios('one', 'bare'));
  result.directRatio = median(ratios('direct', 'bare'));
  result.twoOverOneRounds = ratios('two', 'one');
  result.twoOverOne = median(result.twoOverOneRounds);
  result.twoOverOneSpread = spread(result.twoOverOneRounds);
  result.secondNodeShare = servedInTwo ? servedBy2 / servedInTwo : null;
  result.connectionErrors = [...runs.two, ...runs.one, ...runs.direct].reduce((n, r) => n + r.errors, 0);
  log(
    `cluster: two nodes ${result.twoNodeRps.toFixed(0)} req/s, one node ${result.oneNodeRps.toFixed(0)} req/s, bare ${result.bareRps.toFixed(0)} req/s; two / one ${result.twoOverOne.toFixed(3)}`,
  );
  return result;
}

// ---------------------------------------------------------------- report

const round = (x, digits = 2) => (typeof x === 'number' && Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : null);

function rows(results) {
  const seedLabel = (b) => {
    const s = results[b]?.inboxSeed;
    return s ? `${(s.conversations / 1000).toFixed(0)}k conv / ${(s.messages / 1000).toFixed(0)}k msg` : `${SEEDS[b].conversations / 1000}k conv`;
  };
  const def = [
    { metric: 'Bare Fastify route, req/s (baseline)', key: 'bareRps', digits: 0 },
    { metric: 'Empty poll, req/s', key: 'emptyPollRps', digits: 0 },
    {
      metric: 'Empty poll / bare route (throughput ratio)',
      key: 'emptyPollRatio',
      digits: 3,
      budget: `>= ${BUDGET.emptyPollRatio}`,
      pass: (v) => v >= BUDGET.emptyPollRatio,
    },
    {
      metric: `Empty poll ratio: spread of its ${RATIO_ROUNDS} rounds, (max - min) / median`,
      key: 'emptyPollRatioSpread',
      digits: 3,
      budget: `<= ${UNSTABLE_SPREAD} (else unstable)`,
      pass: (v) => v <= UNSTABLE_SPREAD,
      failWord: 'unstable',
    },
    { metric: 'Diagnostic: bare route + one SELECT 1 / bare route', key: 'bareDbRatio', digits: 3 },
    { metric: 'Diagnostic: GET /api/auth/me (bearer lookup only) / bare route', key: 'authOnlyRatio', digits: 3 },
    {
      metric: `${POLL_MESSAGES}-message poll / bare route (throughput ratio)`,
      key: 'fullPollRatio',
      digits: 3,
      // The embedded database is for small installs and has no throughput budget of its own (DESIGN section 8).
      budget: `>= ${BUDGET.fullPollRatio} (PostgreSQL)`,
      pass: (v) => v >= BUDGET.fullPollRatio,
      postgresOnly: true,
    },
    { metric: `${POLL_MESSAGES}-message poll p99, ms (${CONNECTIONS} conn.)`, key: 'fullPollP99Ms', digits: 1 },
    {
      metric: `Inbox p99, ms (1 conn.; PGlite ${seedLabel('pglite')}, PostgreSQL ${seedLabel('postgres')})`,
      key: 'inboxP99Ms',
      digits: 1,
      budget: `<= ${BUDGET.inboxP99Ms} ms (PostgreSQL 100k/1M)`,
      pass: (v) => v <= BUDGET.inboxP99Ms,
    },
    {
      metric: `Inbox p99, ms (${CONNECTIONS} conn.)`,
      key: 'inboxLoadedP99Ms',
      digits: 1,
      budget: `<= ${BUDGET.inboxLoadedP99Ms} ms (PostgreSQL 100k/1M)`,
      pass: (v) => v <= BUDGET.inboxLoadedP99Ms,
    },
    { metric: `Stripe webhook, events/s (${WEBHOOK_EVENTS} signed events, each posted many times)`, key: 'webhookRps', digits: 0 },
    { metric: 'Stripe webhook with duplicates / bare route (throughput ratio)', key: 'webhookRatio', digits: 3 },
    { metric: 'Stripe webhook: share of deliveries that were duplicates', key: 'webhookDuplicateShare', digits: 3 },
    { metric: `Stripe webhook p99, ms (${CONNECTIONS} conn.)`, key: 'webhookP99Ms', digits: 1 },
    {
      metric: `Invoice list p99, ms (1 conn.; PGlite ${INVOICE_SEEDS.pglite.invoices / 1000}k, PostgreSQL ${INVOICE_SEEDS.postgres.invoices / 1000}k invoices)`,
      key: 'invoiceListP99Ms',
      digits: 1,
      budget: `<= ${BUDGET.invoiceListP99Ms} ms (PostgreSQL 100k)`,
      pass: (v) => v <= BUDGET.invoiceListP99Ms,
    },
    { metric: `Invoice list p99, ms (${CONNECTIONS} conn.)`, key: 'invoiceListLoadedP99Ms', digits: 1 },
    {
      metric: `Profitability report by project p99, ms (1 conn.; PostgreSQL ${TIME_SEED.entries / 1e6}M time entries, ${TIME_SEED.people} people, ${TIME_SEED.projects.toLocaleString('en-GB')} projects)`,
      key: 'profitabilityReportP99Ms',
      digits: 1,
      budget: `<= ${BUDGET.profitabilityReportP99Ms} ms (PostgreSQL)`,
      pass: (v) => v <= BUDGET.profitabilityReportP99Ms,
      postgresOnly: true,
    },
    {
      metric: `Search p99, ms (1 conn., worst of ${SEARCH_QUERIES.length} queries; PGlite ${SEEDS.pglite.conversations / 1000}k projects / ${(SEEDS.pglite.conversations * SEEDS.pglite.perConversation) / 1000}k messages, PostgreSQL ${SEEDS.postgres.conversations / 1000}k / ${(SEEDS.postgres.conversations * SEEDS.postgres.perConversation) / 1e6}M)`,
      key: 'searchP99Ms',
      digits: 1,
      budget: `<= ${BUDGET.searchP99Ms} ms (PostgreSQL)`,
      pass: (v) => v <= BUDGET.searchP99Ms,
      postgresOnly: true,
    },
    {
      metric: `Replies by e-mail posted a second (POST /api/inbound-email, ${INBOUND_RATE} a second sent for ${INBOUND_SECONDS} s; none may be lost)`,
      key: 'inboundPerSecond',
      digits: 1,
      // The rate to the last answer: 100 sent a second reads a little under 100 for the last answer's latency.
      budget: `>= ${BUDGET.inboundPerSecond * 0.99} (1 % for the last answer)`,
      pass: (v) => v >= BUDGET.inboundPerSecond * 0.99,
    },
    { metric: 'Replies by e-mail lost (sent, not in the thread)', key: 'inboundLost', digits: 0, budget: '0', pass: (v) => v === 0 },
    { metric: 'Replies by e-mail: latency p50, ms', key: 'inboundP50Ms', digits: 1 },
    { metric: 'Replies by e-mail: latency p99, ms', key: 'inboundP99Ms', digits: 1 },
    { metric: 'Replies by e-mail: CPU-ms a reply (server and PostgreSQL, user + system)', key: 'inboundCpuMsPerReply', digits: 2 },
    {
      metric: "A week's timesheet p99, ms (1 conn.; the same million entries)",
      key: 'timesheetP99Ms',
      digits: 1,
      budget: `<= ${BUDGET.timesheetP99Ms} ms (PostgreSQL)`,
      pass: (v) => v <= BUDGET.timesheetP99Ms,
      postgresOnly: true,
    },
    { metric: `A week's timesheet p99, ms (${CONNECTIONS} conn.)`, key: 'timesheetLoadedP99Ms', digits: 1 },
    {
      metric: `Board of ${BOARD_CARDS} cards: load p99, ms (1 conn.)`,
      key: 'boardP99Ms',
      digits: 1,
      budget: `<= ${BUDGET.boardP99Ms} ms (PostgreSQL)`,
      pass: (v) => v <= BUDGET.boardP99Ms,
    },
    { metric: `Board of ${BOARD_CARDS} cards: load p99, ms (${CONNECTIONS} conn.)`, key: 'boardLoadedP99Ms', digits: 1 },
    { metric: `Board of ${BOARD_CARDS} cards: loads / bare route (throughput ratio)`, key: 'boardLoadRatio', digits: 4 },
    { metric: `Board: card moves / bare route (${CONNECTIONS} conn. moving at once)`, key: 'boardMovesRatio', digits: 4 },
    { metric: 'Board: card moves per second', get: (r) => r.boardMoves?.rps, digits: 0 },
    { metric: 'Board: move p99, ms', get: (r) => r.boardMoves?.p99Ms, digits: 1 },
    {
      metric: 'Board after the moves: every card once, no shared place, every accepted move kept (1 = yes)',
      get: (r) => (r.boardIntact === undefined ? null : r.boardIntact ? 1 : 0),
      digits: 0,
      budget: '1 (yes)',
      pass: (v) => v === 1,
    },
    {
      metric: `Upload ${FILES_PER_UPLOAD}x10 MB + send: event-loop delay p99, ms (median of ${UPLOAD_SETS})`,
      get: (r) => r.upload?.loopDelayP99Ms,
      digits: 1,
      budget: `< ${BUDGET.loopDelayP99Ms} ms`,
      pass: (v) => v < BUDGET.loopDelayP99Ms,
    },
    { metric: 'Idle event-loop delay p99, ms (noise floor, same process)', get: (r) => r.upload?.idleLoopDelayP99Ms, digits: 1 },
    {
      metric: `Upload: peak RSS growth, MB (max of ${UPLOAD_SETS})`,
      get: (r) => r.upload?.peakRssGrowthMb,
      digits: 1,
      budget: `< ${BUDGET.memoryGrowthMb} MB`,
      pass: (v) => v < BUDGET.memoryGrowthMb,
    },
    { metric: 'Upload: peak heap growth, MB', get: (r) => r.upload?.peakHeapGrowthMb, digits: 1 },
    { metric: 'Upload: peak Buffer (external) growth, MB', get: (r) => r.upload?.peakExternalGrowthMb, digits: 1 },
    { metric: 'Upload: retained heap after GC, MB', get: (r) => r.upload?.retainedHeapGrowthMb, digits: 1 },
    {
      metric: `Realtime: ${SSE_STREAMS} open event streams, one message pushed to all, delivery p99, ms`,
      get: (r) => r.sse?.p99Ms,
      digits: 1,
      budget: `< ${BUDGET.sseDeliveryP99Ms} ms`,
      pass: (v) => v < BUDGET.sseDeliveryP99Ms,
    },
    { metric: 'Realtime: delivery p50, ms', get: (r) => r.sse?.p50Ms, digits: 1 },
    // One row per page the journey weighed, with the budget it printed (DESIGN's, for a public or a signed-in page).
    ...Object.entries(results.pglite?.pageWeights ?? {}).map(([page, { budgetKb }]) => ({
      metric: `Page weight: JavaScript loaded cold, KB gzip, ${page}`,
      get: (r) => r.pageWeights?.[page]?.gzipKb,
      digits: 1,
      budget: `<= ${budgetKb} KB`,
      pass: (v) => v <= budgetKb,
    })),
    ...['mobile', 'desktop'].flatMap((preset) =>
      LIGHTHOUSE_PAGES.map((page) => ({
        metric: `Lighthouse ${preset} performance, ${page} (median of ${LIGHTHOUSE_RUNS})`,
        get: (r) => r.lighthouse?.rows.find((x) => x.page === page && x.preset === preset)?.performance,
        digits: 2,
        budget: `>= ${LIGHTHOUSE_BUDGET[preset]}`,
        pass: (v) => v >= LIGHTHOUSE_BUDGET[preset],
      })),
    ),
    {
      metric: 'Lighthouse accessibility, lowest of the pages and presets',
      get: (r) => (r.lighthouse ? Math.min(...r.lighthouse.rows.map((x) => x.accessibility)) : null),
      digits: 2,
      budget: `>= ${LIGHTHOUSE_BUDGET.accessibility}`,
      pass: (v) => v >= LIGHTHOUSE_BUDGET.accessibility,
    },
    {
      metric: `Start-up: first start on an empty DATA_DIR, CPU-seconds (median of ${STARTUP_RUNS})`,
      get: (r) => r.startup?.first.cpuSeconds,
      digits: 2,
      budget: `<= ${BUDGET.firstStartCpuS} CPU-s`,
      pass: (v) => v <= BUDGET.firstStartCpuS,
    },
    { metric: 'Start-up: first start, wall clock, s', get: (r) => r.startup?.first.wallSeconds, digits: 2 },
    {
      metric: `Start-up: later start, CPU-seconds (median of ${STARTUP_RUNS})`,
      get: (r) => r.startup?.later.cpuSeconds,
      digits: 2,
      budget: `<= ${BUDGET.laterStartCpuS} CPU-s`,
      pass: (v) => v <= BUDGET.laterStartCpuS,
    },
    { metric: 'Start-up: later start, wall clock, s', get: (r) => r.startup?.later.wallSeconds, digits: 2 },
    {
      metric: 'Start-up: idle RSS 5 s after a first start, MB',
      get: (r) => r.startup?.first.idleRssMb,
      digits: 0,
      budget: `<= ${BUDGET.idleRssMb} MB`,
      pass: (v) => v <= BUDGET.idleRssMb,
    },
    {
      metric: 'Start-up: idle RSS 5 s after a later start, MB',
      get: (r) => r.startup?.later.idleRssMb,
      digits: 0,
      budget: `<= ${BUDGET.idleRssMb} MB`,
      pass: (v) => v <= BUDGET.idleRssMb,
    },
    {
      metric: `Realtime: RSS growth with ${SSE_STREAMS} streams open, MB`,
      get: (r) => r.sse?.rssGrowthMb,
      digits: 1,
      budget: `< ${BUDGET.sseRssGrowthMb} MB`,
      pass: (v) => v < BUDGET.sseRssGrowthMb,
    },
    // The cluster (PostgreSQL, two nodes, nginx): in the PostgreSQL column, from its own section of the run.
    { metric: 'Cluster: bare Fastify route, req/s (baseline of the cluster rows, same run)', cluster: true, key: 'bareRps', digits: 0 },
    { metric: 'Cluster: empty poll through nginx, 2 nodes, req/s', cluster: true, key: 'twoNodeRps', digits: 0 },
    { metric: 'Cluster: empty poll through nginx, 1 node, req/s', cluster: true, key: 'oneNodeRps', digits: 0 },
    { metric: 'Cluster: empty poll through nginx, 2 nodes / bare route', cluster: true, key: 'twoNodeRatio', digits: 3 },
    { metric: 'Cluster: empty poll through nginx, 1 node / bare route', cluster: true, key: 'oneNodeRatio', digits: 3 },
    { metric: 'Cluster: empty poll, 2 nodes / 1 node (throughput ratio)', cluster: true, key: 'twoOverOne', digits: 3 },
    {
      metric: `Cluster: 2 nodes / 1 node: spread of its ${RATIO_ROUNDS} rounds, (max - min) / median`,
      cluster: true,
      key: 'twoOverOneSpread',
      digits: 3,
      budget: `<= ${UNSTABLE_SPREAD} (else unstable)`,
      pass: (v) => v <= UNSTABLE_SPREAD,
      failWord: 'unstable',
    },
    { metric: 'Cluster: share of the 2-node polls answered by node 2', cluster: true, key: 'secondNodeShare', digits: 3 },
    {
      metric: `Cluster: empty poll p99 through nginx, 2 nodes, ms (${CONNECTIONS} conn., worst round)`,
      cluster: true,
      key: 'twoNodeP99Ms',
      digits: 1,
    },
    {
      metric: `Cluster: empty poll p99 through nginx, 1 node, ms (${CONNECTIONS} conn., worst round)`,
      cluster: true,
      key: 'oneNodeP99Ms',
      digits: 1,
    },
    { metric: 'Diagnostic: cluster empty poll on node 1 directly (no nginx) / bare route', cluster: true, key: 'directRatio', digits: 3 },
    {
      metric: 'Cluster: connections the load generator lost mid-request (nginx keepalive_requests; retried)',
      cluster: true,
      key: 'connectionErrors',
      digits: 0,
    },
  ];
  return def.map((d) => {
    const value = (b) => {
      const r = d.cluster ? (b === 'postgres' ? results.cluster : null) : results[b];
      if (!r || r.error) return null;
      return round(d.get ? d.get(r) : r[d.key], d.digits ?? 2);
    };
    const verdict = (b) => {
      if (!d.pass) return null;
      const v = value(b);
      return v === null ? 'n/a' : d.pass(v) ? 'pass' : (d.failWord ?? 'FAIL');
    };
    return {
      metric: d.metric,
      ...(d.cluster ? { source: 'cluster' } : {}),
      pglite: value('pglite'),
      postgres: value('postgres'),
      budget: d.budget ?? null,
      pass: d.pass ? { pglite: d.cluster || d.postgresOnly ? 'n/a' : verdict('pglite'), postgres: verdict('postgres') } : null,
    };
  });
}

function printTable(table, results) {
  const failed = { pglite: Boolean(results.pglite?.error), postgres: Boolean(results.postgres?.error), cluster: Boolean(results.cluster?.error) };
  console.log('');
  for (const line of formatTable(table, failed)) console.log(line);
  console.log('');
}

// ---------------------------------------------------------------- main

if (!WRK && ONLY !== 'cluster') {
  console.error('[bench] npm run bench needs wrk, the load generator of its throughput runs (Debian: apt-get install wrk)');
  process.exit(2);
}
const started = Date.now();
const loadStart = os.loadavg()[0];

/**
 * The machine's speed at the start, for comparing runs: a fixed loop of 300 million additions, the fastest of three,
 * in ms. CPU-seconds and Lighthouse's scores (which scale the trace's CPU time by four) move with it from one day to
 * the next on a shared machine; the ratios do not.
 */
function referenceLoopMs() {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    let x = 0;
    for (let i = 0; i < 3e8; i++) x += i % 7;
    if (x < 0) throw new Error('unreachable');
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}
const referenceMs = referenceLoopMs();
const results = {};
let broken = false;
let built = false;
try {
  for (const backend of ['pglite', 'postgres']) {
    if (ONLY && ONLY !== backend && !((TIME_ONLY || SEARCH_ONLY || INBOUND_ONLY) && backend === 'postgres')) continue;
    if (aborted) break;
    try {
      results[backend] = await benchBackend(backend);
      // Start-up runs on the embedded database only (the product's default): the built server, as npm start runs it.
      if (backend === 'pglite' && !TIME_ONLY && !SEARCH_ONLY && !INBOUND_ONLY) {
        log('building, then measuring start-up');
        await buildApp();
        built = true;
        results.pglite.startup = await measureStartup(STARTUP_RUNS);
        if (LIGHTHOUSE_RUNS > 0) {
          log('Lighthouse on the public pages');
          // A Lighthouse failure loses its own rows, not the server figures measured before it.
          try {
            results.pglite.lighthouse = await measureLighthouse({ runs: LIGHTHOUSE_RUNS });
          } catch (err) {
            broken = true;
            console.error('[bench] Lighthouse failed:', err?.stack ?? err);
          }
        }
        if (PAGE_WEIGHT) {
          log('page weights: the page-weight journey in Chromium');
          try {
            results.pglite.pageWeights = await measurePageWeights();
          } catch (err) {
            broken = true;
            console.error('[bench] page weights failed:', err?.stack ?? err);
          }
        }
      }
    } catch (err) {
      broken = true;
      console.error(`[bench] ${backend} failed:`, err?.stack ?? err);
      results[backend] = { backend, error: String(err?.message ?? err) };
    } finally {
      await runCleanups();
      cleaning = null;
    }
  }
  if (CLUSTER && !aborted) {
    try {
      // The nodes run the built app: built above with the embedded database's start-up, or now.
      if (!built && process.env.BENCH_BUILD !== '0') {
        log('building the app for the cluster');
        await buildApp();
      }
      results.cluster = await benchCluster();
    } catch (err) {
      broken = true;
      console.error('[bench] cluster failed:', err?.stack ?? err);
      results.cluster = { error: String(err?.message ?? err) };
    } finally {
      await runCleanups();
      cleaning = null;
    }
  }

  const table = rows(results);
  printTable(table, results);
  const loadEnd = os.loadavg()[0];
  console.log(
    `Load average (1 min) at start / end: ${loadStart.toFixed(1)} / ${loadEnd.toFixed(1)} on ${os.cpus().length} cores.` +
      ` Machine speed: a fixed loop of 300 million additions took ${referenceMs} ms (compare it between runs before comparing CPU-seconds or Lighthouse scores).` +
      ` Ratio rounds ${['pglite', 'postgres'].some((b) => results[b]?.ratioRoundsPinned) ? 'pinned: load generator on CPU 0, server on CPU 1' : 'not pinned (one CPU or no taskset)'}.` +
      (Math.max(loadStart, loadEnd) > os.cpus().length
        ? ' Other processes competed for the CPU: latencies and the event-loop figures are inflated; ratios less so.'
        : ''),
  );
  const compact = (r) => {
    if (!r || r.error) return r ?? null;
    const out = {};
    for (const [k, v] of Object.entries(r)) {
      out[k] = typeof v === 'number' ? round(v, 3) : Array.isArray(v) ? v.map((x) => round(x, 3)) : v;
    }
    return out;
  };
  const report = {
    generated_at: new Date().toISOString(),
    machine: {
      loadavg_1m_start: round(loadStart),
      loadavg_1m_end: round(loadEnd),
      reference_loop_ms: referenceMs,
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? null,
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
    },
    settings: {
      duration_s: DURATION,
      warmup_s: WARMUP,
      connections: CONNECTIONS,
      inbox_seeds: SEEDS,
      invoice_seeds: INVOICE_SEEDS,
      time_seed: TIME_SEED,
      webhook_events: WEBHOOK_EVENTS,
      upload: { sets: UPLOAD_SETS, files: FILES_PER_UPLOAD, bytes: FILE_BYTES },
    },
    notes: [
      'Ratios compare against a bare Fastify JSON route served by the same process in the same run; absolute figures depend on the machine.',
      'The empty-poll rounds and the 200-message poll run with the load generator on CPU 0 and every thread of the server on CPU 1 (taskset), when the machine has two CPUs or more; raw.<backend>.ratioRoundsPinned says whether they did.',
      'Webhook: signed checkout.session.completed events for distinct invoices, posted by every connection in the same order, so most deliveries are duplicates; the run fails unless each distinct event paid its invoice exactly once.',
      'Cluster: scripts/cluster.mjs (PostgreSQL, the S3 stand-in, two nodes of the built app, nginx round-robin); the empty poll through that nginx, through a second nginx in front of node 1 only, and on node 1 directly, against a bare Fastify route in a process of its own, in rotated rounds; ratios are medians of the rounds. Shown in the PostgreSQL column.',
      `Search: GET /api/search as the super admin (every kind) over the inbox's data set, with one connection, for each of ${SEARCH_QUERIES.map((x) => `"${x.q}"`).join(', ')} (a word of every seeded message and project, a number in ten messages and one project, three words); the row is the worst p99.`,
      'Invoice list: GET /api/invoices?limit=50 as the super admin (newest first, with client and project names), 1 connection for the p99 budget.',
      'Time tracking (PostgreSQL): 1,000,000 time entries over 200 people and 2,000 projects (seven a day per person over two years) and ten issued invoices a project, seeded in SQL with the monthly totals the app keeps; GET /api/reports/profitability?group_by=project (every project, one row each) and GET /api/timesheets for one person and a week of 49 entries, as the super admin, 1 connection for the budgets.',
      'Inbox p99 is measured with 1 connection (one super admin polling); the budget applies to PostgreSQL with 100k conversations / 1M messages; PGlite uses a smaller seed.',
      'Board: 1,000 cards over five columns; load p99 with 1 connection is checked against 30 ms on PostgreSQL. Moves: 10 connections move cards at once (each move names its version, half of them a neighbour); afterwards every card must be there once, no two cards share a column and order key, and the versions gained must cover every move accepted (plus at most one unanswered move per connection, cut off by the end of the run).',
      'Page weight: the end-to-end page-weight journey (apps/web/e2e/page-weight.spec.ts) against the built app in Chromium: the JavaScript each page loads cold until no script is asked for in a second, as gzip; the budget of each page as the journey prints it (DESIGN section 8).',
      'Lighthouse 12 with the system Chromium against the built server: the mobile default (simulated slow 4G, 4x CPU slow-down) and the desktop preset; scripts/lighthouse.mjs prints every category and writes bench-results/lighthouse.json.',
      'Start-up: the built server (npm start) on the embedded database; CPU-seconds are user + system time of the process, all threads, from /proc/<pid>/stat when /api/health first answers 200, so a busy machine does not blur them; wall clock beside them. Idle RSS 5 s later.',
      'Event-loop delay: monitorEventLoopDelay in the server process (1 ms resolution, tick interval subtracted) over one upload of 10 files and the send that claims them, median of the sets; the idle window beside it is the noise floor of the machine. Memory: peak growth over the RSS / heap measured after a forced GC just before each set.',
    ],
    table,
    raw: { pglite: compact(results.pglite), postgres: compact(results.postgres), cluster: compact(results.cluster) },
    total_seconds: Math.round((Date.now() - started) / 1000),
  };
  const outDir = path.join(root, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  log(`wrote bench-results/latest.json (${report.total_seconds} s in total)`);
  // The document keeps the table of a whole run: a run of one section would leave the others' rows out.
  if (ONLY) {
    log('docs/performance.md keeps the table of the last whole run (this run had BENCH_ONLY)');
  } else {
    writeBenchTable(report);
    log('wrote the table into docs/performance.md');
  }
} catch (err) {
  broken = true;
  console.error('[bench] failed:', err?.stack ?? err);
} finally {
  await runCleanups();
  clearTimeout(watchdog);
}
process.exit(broken ? 1 : 0);
