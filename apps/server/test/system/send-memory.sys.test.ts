import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from '@agency/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOwnerSetupToken } from '../../../../scripts/cluster.mjs';
import { freePort } from '../../../../scripts/pg-server.mjs';
import { snapshotDataDir } from './data-dir.js';
import { signUpClient } from './sign-up.js';

// SPEC's send body with inline data URLs at its largest (ten files of 10 MB, ~140 MB of JSON), ten at once,
// against the server process: its peak memory may grow by less than 300 MB.
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = snapshotDataDir('agency-memory-');
let child: ChildProcess;
let base: string;
let output = '';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Peak and current resident memory of the server process, in MB (the kernel keeps the peak: VmHWM). */
function memory() {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const read = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
  return { peak: read('VmHWM'), now: read('VmRSS') };
}

async function api(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** One maximal body, generated as it is sent so the test itself holds almost none of it. */
function maximalBody(head: Record<string, unknown>): { stream: Readable; length: number } {
  const chunk = Buffer.alloc(48 * 1024, 7).toString('base64'); // 64 KiB of base64, 48 KiB of bytes
  const perFile = Math.floor(MAX_ATTACHMENT_BYTES / (48 * 1024));
  const prefix = `${JSON.stringify(head).slice(0, -1)},"message_attachments":[`;
  const parts: string[] = [prefix];
  function* pieces() {
    yield prefix;
    for (let f = 0; f < MAX_ATTACHMENTS_PER_MESSAGE; f += 1) {
      yield `${f ? ',' : ''}{"name":"file-${f}.bin","data":"data:application/octet-stream;base64,`;
      for (let i = 0; i < perFile; i += 1) yield chunk;
      yield '"}';
    }
    yield ']}';
  }
  let length = 0;
  for (const p of pieces()) length += Buffer.byteLength(p);
  void parts;
  return { stream: Readable.from(pieces()), length };
}

function send(url: string, token: string, body: { stream: Readable; length: number }) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: `Bearer ${token}` },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    body.stream.pipe(req);
  });
}

async function start(env: NodeJS.ProcessEnv) {
  output = '';
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const until = Date.now() + 90_000;
  while (!output.includes('/protected/superadmin-signup')) {
    if (Date.now() > until) throw new Error(`server did not start:\n${output}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  delete env.DATABASE_URL;
  // On the embedded database snapshot (data-dir.ts): creating the cluster is a memory peak of its own, which this
  // test is not about.
  await start(env);
}, 240_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('ten maximal data-URL bodies at once', () => {
  it('are stored whole while the server’s memory grows by less than 300 MB', async () => {
    const owner = await api('POST', '/auth/signup/superadmin', {
      name: 'Owner',
      email: 'owner@example.test',
      password: 'long-enough-password',
      setup_token: readOwnerSetupToken(dataDir),
    });
    const client = {
      body: await signUpClient(base, () => output, { name: 'Client', email: 'client@example.test', password: 'long-enough-password' }),
    };
    const project = await api('POST', '/projects', { title: 'Big files', description: 'Ten large attachments at once.' }, client.body.token);
    const head = {
      sender_id: client.body.user.id,
      receiver_id: owner.body.user.id,
      conversation_id: `${project.body.project.id}:${client.body.user.id}`,
      message_content: 'Here are the files',
    };
    // Warm up with a small message, then take the baseline.
    expect((await api('POST', '/client/send-message', { ...head, message_attachments: [] }, client.body.token)).status).toBe(201);
    await sleep(500);
    // The kernel's peak counter is reset so that it measures the sends, not the start-up before them.
    fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
    const before = memory();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => send(`${base}/api/client/send-message`, client.body.token, maximalBody(head))),
    );
    const after = memory();
    const growth = after.peak - before.peak;
    console.log(`memory: before ${before.peak.toFixed(0)} MB, peak during ${after.peak.toFixed(0)} MB, growth ${growth.toFixed(0)} MB`);
    expect(statuses).toEqual(Array(10).fill(201));
    expect(growth).toBeLessThan(300);
    const thread = await api('GET', `/client/messages/thread?conversation_id=${head.conversation_id}`, undefined, client.body.token);
    const big = thread.body.messages.filter((m: { message_attachments: unknown[] }) => m.message_attachments.length === 10);
    expect(big).toHaveLength(10);
    expect(big[0].message_attachments[0].size).toBe(Math.floor(MAX_ATTACHMENT_BYTES / (48 * 1024)) * 48 * 1024);
  }, 600_000);
});
