import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createS3Storage } from '../src/integrations/storage-s3.js';
import { createLocalStorage, type Storage } from '../src/integrations/storage.js';
import { startS3, type S3StandIn } from '../../../scripts/s3-server.mjs';
import { call, eventually, inviteAndSignup, multipart, must, RELAXED_LIMITS, signupClient, signupSuperadmin } from './helpers.js';

// The same storage suite on both drivers: local disk, and an S3-compatible bucket (s3rver on loopback).
let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => s3?.stop());

type Driver = { name: string; make(): Storage; keys(storage: Storage): Promise<string[]> };
const drivers: Driver[] = [
  { name: 'local', make: () => createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'agency-store-'))), keys: listKeys },
  {
    name: 's3',
    make: () =>
      createS3Storage({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: s3.bucket,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
    keys: listKeys,
  },
];

async function listKeys(storage: Storage) {
  const keys: string[] = [];
  for await (const f of storage.list()) keys.push(f.key);
  return keys.sort();
}

/** The real app on this storage and an in-memory database; `env` adds settings (a quota). */
async function bootApp(storage: Storage, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-drv-'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...RELAXED_LIMITS, ...env },
    { inMemoryDb: true, webDistDir: '/nonexistent' },
  );
  const database: Database = await openDatabase({ dataDir, inMemory: true });
  await database.migrate();
  const app = await buildApp(config, { database, storage });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Waits until the store holds exactly `keys`: a refused send removes its files after the answer has gone. */
const storeHolds = (driver: Driver, storage: Storage, keys: string[], what: string) =>
  eventually(what, async () => JSON.stringify(await driver.keys(storage)) === JSON.stringify(keys), 10_000);

const dataUrl = (bytes: Buffer) => `data:application/octet-stream;base64,${bytes.toString('base64')}`;

async function bytesOf(stream: Readable | null) {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe.each(drivers.map((d) => [d.name, d] as const))('the %s storage driver', (_name, driver) => {
  // One app per driver for the tests through the API (booting one is most of their cost). Every person has a
  // quota of 3 MB; each test signs up its own people and compares the store before and after itself.
  let storage: Storage;
  let app: Awaited<ReturnType<typeof bootApp>>['app'];
  let owner: Awaited<ReturnType<typeof signupSuperadmin>>;
  let closeApp = async () => {};
  beforeAll(async () => {
    storage = driver.make();
    const booted = await bootApp(storage, { STORAGE_QUOTA_MB: '3' });
    app = booted.app;
    closeApp = booted.close;
    owner = await signupSuperadmin(app);
  });
  afterAll(async () => closeApp());

  it('stores a stream, reads it back byte for byte, lists it and removes it', async () => {
    const storage = driver.make();
    await storage.ready();
    const data = crypto.randomBytes(7 * 1024 * 1024 + 123);
    const key = `${crypto.randomUUID()}.bin`;
    const { size } = await storage.put(key, Readable.from([data.subarray(0, 3_000_000), data.subarray(3_000_000)]));
    expect(size).toBe(data.length);
    expect((await bytesOf(await storage.read(key)))!.equals(data)).toBe(true);
    expect(await driver.keys(storage)).toContain(key);
    await storage.remove(key);
    expect(await storage.read(key)).toBeNull();
    expect(await driver.keys(storage)).not.toContain(key);
  });

  it('leaves nothing behind when the stream fails half-way', async () => {
    const storage = driver.make();
    const before = await driver.keys(storage);
    const key = `${crypto.randomUUID()}.bin`;
    const source = new PassThrough();
    // Once the store has given up on the stream, nobody else listens for its error.
    source.on('error', () => undefined);
    const stored = storage.put(key, source);
    source.write(crypto.randomBytes(6 * 1024 * 1024));
    setTimeout(() => source.destroy(new Error('the client went away')), 50);
    await expect(stored).rejects.toThrow();
    expect(await storage.read(key)).toBeNull();
    expect((await driver.keys(storage)).filter((k) => !k.endsWith('.partial'))).toEqual(before.filter((k) => !k.endsWith('.partial')));
  });

  it('serves the app: uploads, limits and downloads hold exactly as on disk', async () => {
    const client = await signupClient(app);
    const project = await call(app, 'POST', '/projects', {
      token: client.token,
      body: { title: 'Stored files', description: 'Files in either store.' },
    });
    const content = crypto.randomBytes(300_000);
    const body = multipart([{ name: 'plan.bin', content }]);
    const up = await app.inject({
      method: 'POST',
      url: `/api/projects/${project.body.project.id}/attachments`,
      headers: { ...body.headers, authorization: `Bearer ${client.token}` },
      payload: body.body,
    });
    expect(up.statusCode).toBe(201);
    const url = JSON.parse(up.body).project.attachments[0].url;
    const down = await app.inject({ method: 'GET', url });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(content)).toBe(true);

    // Over the size limit: 413, and nothing of it in the store.
    const keysBefore = await driver.keys(storage);
    const big = multipart([{ name: 'too-big.bin', content: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/messages/uploads',
      headers: { ...big.headers, authorization: `Bearer ${client.token}` },
      payload: big.body,
    });
    expect(refused.statusCode).toBe(413);
    const eleven = multipart(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, content: Buffer.from(`file ${i}`) })));
    const tooMany = await app.inject({
      method: 'POST',
      url: '/api/messages/uploads',
      headers: { ...eleven.headers, authorization: `Bearer ${client.token}` },
      payload: eleven.body,
    });
    expect(tooMany.statusCode).toBe(413);
    expect(await driver.keys(storage)).toEqual(keysBefore);
  });

  it("answers 413 QUOTA_EXCEEDED past a person's storage quota, uploaded or inline, and keeps nothing of the refused files", async () => {
    const upload = (token: string, content: Buffer) => {
      const body = multipart([{ name: 'data.bin', content }]);
      return app.inject({
        method: 'POST',
        url: '/api/messages/uploads',
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        payload: body.body,
      });
    };
    const client = await signupClient(app);
    expect((await upload(client.token, Buffer.alloc(2 * 1024 * 1024, 1))).statusCode).toBe(201);
    const before = await driver.keys(storage);
    const refused = await upload(client.token, Buffer.alloc(2 * 1024 * 1024, 2));
    expect(refused.statusCode).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ error: 'Your storage quota is used up; remove some files first', code: 'QUOTA_EXCEEDED' });
    await storeHolds(driver, storage, before, 'nothing of the refused upload');

    // A data URL counts too; it is streamed to the store as the body arrives, and removed when refused.
    const project = await call(app, 'POST', '/projects', { token: client.token, body: { title: 'Quota', description: 'Files over the quota.' } });
    const inline = await call(app, 'POST', '/client/send-message', {
      token: client.token,
      body: {
        sender_id: client.user.id,
        receiver_id: owner.user.id,
        conversation_id: `${project.body.project.id}:${client.user.id}`,
        message_content: 'inline',
        message_attachments: [{ name: 'big.bin', data: dataUrl(Buffer.alloc(2 * 1024 * 1024, 3)) }],
      },
    });
    expect(inline.status).toBe(413);
    expect(inline.body.code).toBe('QUOTA_EXCEEDED');
    await storeHolds(driver, storage, before, 'nothing of the refused inline file');

    // Someone else's quota is their own.
    const other = await signupClient(app);
    expect((await upload(other.token, Buffer.alloc(2 * 1024 * 1024, 4))).statusCode).toBe(201);
  });

  it('refuses a send whose data URLs break a limit or whose conversation is not the sender’s, leaving nothing stored; a good one round-trips', async () => {
    const client = await signupClient(app);
    const stranger = await signupClient(app);
    const project = await call(app, 'POST', '/projects', { token: client.token, body: { title: 'Inline', description: 'Files as data URLs.' } });
    const foreign = await call(app, 'POST', '/projects', { token: stranger.token, body: { title: 'Not yours', description: 'Someone else.' } });
    const send = (conversationId: string, attachments: { name: string; data: string }[]) =>
      call(app, 'POST', '/client/send-message', {
        token: client.token,
        body: {
          sender_id: client.user.id,
          receiver_id: owner.user.id,
          conversation_id: conversationId,
          message_content: 'files',
          message_attachments: attachments,
        },
      });
    const mine = `${project.body.project.id}:${client.user.id}`;
    const before = await driver.keys(storage);
    const unchanged = (what: string) => storeHolds(driver, storage, before, what);

    // Over 10 MB (and over this person's 3 MB): refused part-way through the stream.
    const tooBig = await send(mine, [{ name: 'big.bin', data: dataUrl(Buffer.alloc(10 * 1024 * 1024 + 1, 5)) }]);
    expect(tooBig.status).toBe(413);
    await unchanged('nothing of the file over 10 MB');
    const eleven = await send(
      mine,
      Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: dataUrl(Buffer.from(`file ${i}`)) })),
    );
    expect(eleven.status).toBe(413);
    await unchanged('nothing of the eleven files');
    // Streamed whole before the conversation is checked: the refusal removes it again.
    const elsewhere = await send(`${foreign.body.project.id}:${stranger.user.id}`, [
      { name: 'plan.bin', data: dataUrl(crypto.randomBytes(200_000)) },
    ]);
    expect(elsewhere.status).toBe(404);
    await unchanged("nothing of a file sent into someone else's conversation");

    const content = crypto.randomBytes(300_000);
    const sent = must(await send(mine, [{ name: 'plan.bin', data: dataUrl(content) }]), 201, 'send');
    const attachment = sent.body.message.message_attachments[0];
    expect((await driver.keys(storage)).filter((k) => !before.includes(k))).toEqual([attachment.stored_filename]);
    const down = await app.inject({ method: 'GET', url: attachment.url });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(content)).toBe(true);
  });

  it("keeps a board card's file in the store, serves it byte for byte, and removes it with the file", async () => {
    const lead = await inviteAndSignup(app, owner.token, 'teamlead');
    const client = await signupClient(app);
    const project = must(
      await call(app, 'POST', '/projects', { token: client.token, body: { title: 'Board files', description: 'Cards with files.' } }),
      201,
      'project',
    ).body.project;
    must(await call(app, 'POST', `/projects/${project.id}/approve`, { token: owner.token, body: { team_lead_id: lead.user.id } }), 200, 'approve');
    const board = must(await call(app, 'GET', `/projects/${project.id}/board`, { token: lead.token }), 200, 'board').body;
    const card = must(
      await call(app, 'POST', `/projects/${project.id}/board/cards`, {
        token: lead.token,
        body: { column_id: board.columns[0].id, title: 'With a file' },
      }),
      201,
      'card',
    ).body.card;
    const before = await driver.keys(storage);
    const content = crypto.randomBytes(1024 * 1024 + 77);
    const upload = multipart([{ name: 'mock-up.bin', content }]);
    const file = must(
      await call(app, 'POST', `/board/cards/${card.id}/attachments`, { token: lead.token, body: upload.body, headers: upload.headers }),
      201,
      'attach',
    ).body.card.attachments[0];
    expect((await driver.keys(storage)).filter((k) => !before.includes(k))).toHaveLength(1);
    const down = await app.inject({ method: 'GET', url: file.url });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(content)).toBe(true);

    must(await call(app, 'DELETE', `/board/cards/${card.id}/attachments/${file.id}`, { token: lead.token }), 204, 'remove file');
    await storeHolds(driver, storage, before, 'the removed file gone from the store');
    expect((await app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
  });
});
