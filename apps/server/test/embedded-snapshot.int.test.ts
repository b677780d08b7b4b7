import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { embeddedDatabaseDir, openDatabase } from '../src/db/client.js';
import { unpackDirectory } from '../src/db/directory-pack.js';
import { makeEmbeddedSnapshot } from '../src/db/snapshot.js';
import { prepareAppSnapshot } from '../src/prepare-snapshot.js';

// A first start on an empty DATA_DIR unpacks the build's snapshot (a migrated database, shut down cleanly) instead
// of creating a cluster; the snapshot here is made the way apps/server/build.mjs makes it, plus a marker table.
let work: string;
let snapshotFile: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-snapshot-'));
  snapshotFile = path.join(work, 'snapshot.pack');
  await makeEmbeddedSnapshot(snapshotFile, async (database) => {
    await database.executeSql(`create table snapshot_marker (made_at text)`);
    await database.executeSql(`insert into snapshot_marker values ('at build time')`);
  });
}, 120_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const marker = async (database: Awaited<ReturnType<typeof openDatabase>>) => (await database.executeSql('select made_at from snapshot_marker')).rows;

describe('the embedded database on an empty data directory', { timeout: 60_000 }, () => {
  it('starts from the snapshot, keeps what is written, and opens the same files on the next start', async () => {
    const dataDir = path.join(work, 'fresh');
    const first = await openDatabase({ dataDir, snapshotFile });
    expect(await marker(first)).toEqual([{ made_at: 'at build time' }]);
    await first.migrate();
    await first.executeSql(`insert into snapshot_marker values ('after the first start')`);
    await first.close();
    expect(fs.existsSync(`${embeddedDatabaseDir(dataDir)}.partial`)).toBe(false);

    const later = await openDatabase({ dataDir, snapshotFile });
    expect(await marker(later)).toEqual([{ made_at: 'at build time' }, { made_at: 'after the first start' }]);
    await later.close();
  });

  it('keeps its buffer cache to the size configured (EMBEDDED_SHARED_BUFFERS)', async () => {
    const database = await openDatabase({ dataDir: path.join(work, 'small'), snapshotFile, sharedBuffers: '16MB' });
    expect((await database.executeSql('show shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
    await database.close();
  });

  it('replaces what an interrupted copy left behind', async () => {
    const dataDir = path.join(work, 'interrupted');
    const dir = embeddedDatabaseDir(dataDir);
    fs.mkdirSync(`${dir}.partial/base`, { recursive: true });
    fs.writeFileSync(`${dir}.partial/PG_VERSION`, 'half');
    fs.mkdirSync(dir, { recursive: true });
    const database = await openDatabase({ dataDir, snapshotFile });
    expect(await marker(database)).toEqual([{ made_at: 'at build time' }]);
    await database.close();
    expect(fs.existsSync(`${dir}.partial`)).toBe(false);
  });

  it('never unpacks over a directory that already holds a database', async () => {
    const dataDir = path.join(work, 'existing');
    fs.mkdirSync(dataDir);
    const own = new PGlite(embeddedDatabaseDir(dataDir));
    await own.query(`create table own_data (x int)`);
    await own.close();
    const database = await openDatabase({ dataDir, snapshotFile });
    await expect(database.executeSql('select * from snapshot_marker')).rejects.toThrow(/snapshot_marker/);
    expect((await database.executeSql('select count(*)::int as n from own_data')).rows).toEqual([{ n: 0 }]);
    await database.close();
  });

  it('is a cluster shut down cleanly, in one file: no lock file, so a first start needs no recovery', () => {
    expect(fs.statSync(snapshotFile).isFile()).toBe(true);
    const unpacked = path.join(work, 'unpacked');
    unpackDirectory(snapshotFile, unpacked);
    expect(fs.existsSync(path.join(unpacked, 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(unpacked, 'postmaster.pid'))).toBe(false);
  });

  it('leaves no cluster behind when the snapshot is damaged, and starts once it is whole again', async () => {
    const damaged = path.join(work, 'damaged.pack');
    fs.writeFileSync(damaged, fs.readFileSync(snapshotFile).subarray(0, 100_000));
    const dataDir = path.join(work, 'from-damaged');
    await expect(openDatabase({ dataDir, snapshotFile: damaged })).rejects.toThrow(/cut short/);
    expect(fs.existsSync(embeddedDatabaseDir(dataDir))).toBe(false);
    const database = await openDatabase({ dataDir, snapshotFile });
    expect(await marker(database)).toEqual([{ made_at: 'at build time' }]);
    await database.close();
  });
});

describe("the build's snapshot (prepare-snapshot.ts)", { timeout: 120_000 }, () => {
  const queueNames = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
    ((await database.executeSql('select name from pgboss.queue order by name')).rows as { name: string }[]).map((r) => r.name);

  it("holds every job queue a start sets up, and none of a start's data", async () => {
    // What a start without a snapshot leaves behind: the queues the app defines.
    const scratch = path.join(work, 'started');
    const fresh = await openDatabase({ dataDir: scratch, snapshotFile: null });
    await fresh.migrate();
    const app = await buildApp(loadConfig({ DATA_DIR: scratch, LOG_LEVEL: 'warn' }), { database: fresh, deferJobs: true });
    await app.ready();
    await app.ctx.jobs.start();
    await app.close();
    const expected = await queueNames(fresh);
    await fresh.close();
    expect(expected.length).toBeGreaterThan(5);

    const target = path.join(work, 'app-snapshot.pack');
    await prepareAppSnapshot(target);
    const unpacked = path.join(work, 'app-snapshot-unpacked');
    unpackDirectory(target, unpacked);
    expect(fs.existsSync(path.join(unpacked, 'postmaster.pid'))).toBe(false);
    const dataDir = path.join(work, 'from-app-snapshot');
    const database = await openDatabase({ dataDir, snapshotFile: target });
    expect(await queueNames(database)).toEqual(expected);
    // The default templates are a start's to add, dated by it; no account either.
    expect((await database.executeSql('select count(*)::int as n from contract_templates')).rows).toEqual([{ n: 0 }]);
    expect((await database.executeSql('select count(*)::int as n from users')).rows).toEqual([{ n: 0 }]);
    await database.close();
  });
});
