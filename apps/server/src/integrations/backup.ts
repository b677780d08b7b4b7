import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import { embeddedDatabaseDir } from '../db/client.js';
import type { Storage } from './storage.js';

/**
 * One archive (tar.gz) with everything an installation keeps: the database (the embedded database's data
 * directory, or a `pg_dump` of the PostgreSQL database) and every stored file, with a manifest of their sizes
 * and SHA-256 sums. A restore goes into an empty DATA_DIR or an empty database, and checks every sum first.
 */
export type BackupManifest = {
  format: 1;
  created_at: string;
  database: { kind: 'pglite' | 'postgres'; file: string; size: number; sha256: string };
  files: { key: string; size: number; sha256: string }[];
};

export type BackupTarget = { databaseUrl?: string; dataDir: string; storage: Storage };

async function sha256File(file: string) {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

function run(cmd: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} failed (${code}): ${stderr.trim()}`))));
  });
}

/** Writes the archive to `archivePath`. The embedded database must not be open in another process meanwhile. */
export async function createBackup(target: BackupTarget, archivePath: string): Promise<BackupManifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-backup-'));
  try {
    let database: BackupManifest['database'];
    if (target.databaseUrl) {
      const file = path.join(work, 'database.pgdump');
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${target.databaseUrl}`, `--file=${file}`]);
      database = { kind: 'postgres', file: 'database.pgdump', size: fs.statSync(file).size, sha256: await sha256File(file) };
    } else {
      const db = new PGlite(embeddedDatabaseDir(target.dataDir));
      await db.waitReady;
      const dump = await db.dumpDataDir('gzip');
      await db.close();
      const file = path.join(work, 'database.pglite.tar.gz');
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      database = { kind: 'pglite', file: 'database.pglite.tar.gz', size: fs.statSync(file).size, sha256: await sha256File(file) };
    }

    const files: BackupManifest['files'] = [];
    for await (const entry of target.storage.list()) {
      if (entry.key.endsWith('.partial')) continue;
      const stream = await target.storage.read(entry.key);
      if (!stream) continue;
      const out = path.join(work, 'files', entry.key);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      await pipeline(stream, fs.createWriteStream(out));
      files.push({ key: entry.key, size: fs.statSync(out).size, sha256: await sha256File(out) });
    }

    const manifest: BackupManifest = { format: 1, created_at: new Date().toISOString(), database, files };
    fs.writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = ['manifest.json', database.file, ...(files.length ? ['files'] : [])];
    await tar.create({ gzip: true, file: archivePath, cwd: work, portable: true }, entries);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export class RestoreError extends Error {}

/** Restores an archive into an empty DATA_DIR (embedded database) or an empty PostgreSQL database. */
export async function restoreBackup(target: BackupTarget, archivePath: string): Promise<BackupManifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-restore-'));
  try {
    await tar.extract({ file: archivePath, cwd: work, strict: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(work, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new RestoreError(`Unknown backup format ${String(manifest.format)}`);
    // Every byte is checked before anything is written.
    const dumpFile = path.join(work, manifest.database.file);
    if ((await sha256File(dumpFile)) !== manifest.database.sha256) throw new RestoreError('The database dump does not match its checksum');
    for (const f of manifest.files) {
      if (f.key.includes('..') || path.isAbsolute(f.key)) throw new RestoreError(`Unsafe file name in the archive: ${f.key}`);
      if ((await sha256File(path.join(work, 'files', f.key))) !== f.sha256) throw new RestoreError(`${f.key} does not match its checksum`);
    }

    if (manifest.database.kind === 'postgres') {
      if (!target.databaseUrl) throw new RestoreError('This backup holds a PostgreSQL database: set DATABASE_URL to an empty database');
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ n: string }>(
        `select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
      );
      await client.end();
      if (Number(rows[0].n) > 0) throw new RestoreError('The target database is not empty');
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.databaseUrl}`, dumpFile]);
    } else {
      if (target.databaseUrl) throw new RestoreError('This backup holds an embedded database: unset DATABASE_URL and restore into an empty DATA_DIR');
      const dir = embeddedDatabaseDir(target.dataDir);
      if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new RestoreError(`${dir} is not empty`);
      fs.mkdirSync(dir, { recursive: true });
      const db = new PGlite(dir, { loadDataDir: new Blob([fs.readFileSync(dumpFile)]) });
      await db.waitReady;
      await db.close();
    }

    for (const f of manifest.files) {
      await target.storage.put(f.key, fs.createReadStream(path.join(work, 'files', f.key)));
    }
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
