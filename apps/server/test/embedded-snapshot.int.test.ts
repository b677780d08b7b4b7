import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseDir, findMigrationsFolder, openDatabase } from '../src/db/client.js';

// A first start on an empty DATA_DIR unpacks the build's snapshot (a migrated database) instead of creating a
// cluster; the snapshot here is made the way apps/server/build.mjs makes it.
let work: string;
let snapshotFile: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-snapshot-'));
  const pglite = new PGlite();
  await migrate(drizzle(pglite), { migrationsFolder: findMigrationsFolder() });
  await pglite.query(`create table snapshot_marker (made_at text)`);
  await pglite.query(`insert into snapshot_marker values ('at build time')`);
  const dump = await pglite.dumpDataDir('gzip');
  await pglite.close();
  snapshotFile = path.join(work, 'snapshot.tar.gz');
  fs.writeFileSync(snapshotFile, Buffer.from(await dump.arrayBuffer()));
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

  it('replaces what an interrupted unpacking left behind', async () => {
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
});
