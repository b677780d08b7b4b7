import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createBackup, restoreBackup, RestoreError } from '../src/integrations/backup.js';
import { createLocalStorage } from '../src/integrations/storage.js';
import { call, createPostgresDatabase, multipart, RELAXED_LIMITS, signupClient, signupSuperadmin } from './helpers.js';

// A backup taken from a database with people, projects, messages and files, restored into an empty place:
// every row of every table and every stored file comes back identical.
const baseUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function place() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-backup-test-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (baseUrl) {
    const created = await createPostgresDatabase(baseUrl);
    cleanups.push(created.drop);
    databaseUrl = created.url;
  }
  return { dataDir, databaseUrl, filesDir: path.join(dataDir, 'files') };
}

async function snapshot(database: Database, filesDir: string) {
  const tables = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Record<string, unknown>[];
  const data: Record<string, string> = {};
  for (const { table_name: name } of rowsOf(tables) as { table_name: string }[]) {
    const rows = rowsOf(await database.db.execute(sql.raw(`select * from "${name}" order by 1`)));
    data[name] = JSON.stringify(rows);
  }
  const files: Record<string, string> = {};
  for (const file of fs.existsSync(filesDir) ? fs.readdirSync(filesDir, { recursive: true }).map(String) : []) {
    const full = path.join(filesDir, file);
    if (fs.statSync(full).isFile()) files[file] = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return { data, files };
}

describe('backup and restore', () => {
  it('bring back every row and every file of a used installation', async () => {
    const source = await place();
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: source.dataDir,
        JOB_POLL_SECONDS: '0.5',
        ...RELAXED_LIMITS,
        ...(source.databaseUrl ? { DATABASE_URL: source.databaseUrl } : {}),
      },
      { webDistDir: '/nonexistent' },
    );
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await database.migrate();
    const app = await buildApp(config, { database });
    await app.ready();
    const owner = await signupSuperadmin(app);
    const client = await signupClient(app);
    const project = await call(app, 'POST', '/projects', {
      token: client.token,
      body: { title: 'Backed up', description: 'A project worth keeping.' },
    });
    const body = multipart([
      { name: 'brief.txt', content: Buffer.from('The brief, in full.') },
      { name: 'logo.bin', content: crypto.randomBytes(4096) },
    ]);
    const upload = await app.inject({
      method: 'POST',
      url: `/api/projects/${project.body.project.id}/attachments`,
      headers: { ...body.headers, authorization: `Bearer ${client.token}` },
      payload: body.body,
    });
    expect(upload.statusCode).toBe(201);
    const sent = await call(app, 'POST', '/client/send-message', {
      token: client.token,
      body: {
        sender_id: client.user.id,
        receiver_id: owner.user.id,
        conversation_id: `${project.body.project.id}:${client.user.id}`,
        message_content: 'A note with a file',
        message_attachments: [{ name: 'note.txt', data: 'data:text/plain,hello%20there' }],
      },
    });
    expect(sent.status).toBe(201);
    await app.close();
    const before = await snapshot(database, source.filesDir);
    await database.close();
    expect(Object.keys(before.files)).toHaveLength(3);

    const archive = path.join(source.dataDir, '..', `${path.basename(source.dataDir)}.tar.gz`);
    cleanups.push(() => fs.rmSync(archive, { force: true }));
    const manifest = await createBackup(
      { databaseUrl: source.databaseUrl, dataDir: source.dataDir, storage: createLocalStorage(source.filesDir) },
      archive,
    );
    expect(manifest.files).toHaveLength(3);
    expect(manifest.database.kind).toBe(baseUrl ? 'postgres' : 'pglite');

    const target = await place();
    await restoreBackup({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, storage: createLocalStorage(target.filesDir) }, archive);
    const restored = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    const after = await snapshot(restored, target.filesDir);
    await restored.close();
    expect(Object.keys(after.data).sort()).toEqual(Object.keys(before.data).sort());
    for (const table of Object.keys(before.data)) expect(after.data[table], table).toBe(before.data[table]);
    expect(after.files).toEqual(before.files);

    // Never over a place that is in use.
    await expect(
      restoreBackup({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, storage: createLocalStorage(target.filesDir) }, archive),
    ).rejects.toThrow(RestoreError);
  }, 180_000);

  it('refuses an archive whose files do not match the manifest', async () => {
    const source = await place();
    const database = await openDatabase({ databaseUrl: source.databaseUrl, dataDir: source.dataDir });
    await database.migrate();
    await database.close();
    fs.mkdirSync(source.filesDir, { recursive: true });
    fs.writeFileSync(path.join(source.filesDir, 'a.txt'), 'original');
    const archive = path.join(os.tmpdir(), `agency-tampered-${crypto.randomBytes(4).toString('hex')}.tar.gz`);
    cleanups.push(() => fs.rmSync(archive, { force: true }));
    const manifest = await createBackup(
      { databaseUrl: source.databaseUrl, dataDir: source.dataDir, storage: createLocalStorage(source.filesDir) },
      archive,
    );
    // Rewrite the archive with one changed file but the old manifest.
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-tamper-'));
    cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
    const tar = await import('tar');
    await tar.extract({ file: archive, cwd: work });
    fs.writeFileSync(path.join(work, 'files', 'a.txt'), 'changed');
    await tar.create({ gzip: true, file: archive, cwd: work }, fs.readdirSync(work));
    const target = await place();
    await expect(
      restoreBackup({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, storage: createLocalStorage(target.filesDir) }, archive),
    ).rejects.toThrow('a.txt does not match its checksum');
    expect(manifest.files.map((f) => f.key)).toEqual(['a.txt']);
  }, 120_000);
});
