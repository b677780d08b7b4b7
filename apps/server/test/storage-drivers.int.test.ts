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
import { call, multipart, RELAXED_LIMITS, signupClient, signupSuperadmin } from './helpers.js';

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

async function bytesOf(stream: Readable | null) {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe.each(drivers.map((d) => [d.name, d] as const))('the %s storage driver', (_name, driver) => {
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
    const stored = storage.put(key, source);
    source.write(crypto.randomBytes(6 * 1024 * 1024));
    setTimeout(() => source.destroy(new Error('the client went away')), 50);
    await expect(stored).rejects.toThrow();
    expect(await storage.read(key)).toBeNull();
    expect((await driver.keys(storage)).filter((k) => !k.endsWith('.partial'))).toEqual(before.filter((k) => !k.endsWith('.partial')));
  });

  it('serves the app: uploads, limits and downloads hold exactly as on disk', async () => {
    const storage = driver.make();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-drv-'));
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...RELAXED_LIMITS },
      { inMemoryDb: true, webDistDir: '/nonexistent' },
    );
    const database: Database = await openDatabase({ dataDir, inMemory: true });
    await database.migrate();
    const app = await buildApp(config, { database, storage });
    await app.ready();
    try {
      await signupSuperadmin(app);
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
    } finally {
      await app.close();
      await database.close();
    }
  });
});
