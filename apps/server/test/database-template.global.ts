import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../src/db/client.js';
import { setUpAsOnStart } from '../src/prepare-snapshot.js';
import { createPostgresDatabase } from './helpers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** On PGlite: the file of the database every test app starts from (a copy is loaded into memory). */
    pgliteTemplate?: string;
    /** On PostgreSQL: the database every test app's own database is created from (`create database … template`). */
    postgresTemplate?: string;
  }
}

/**
 * Points the run's temporary files (the apps' data and file folders, backups, PDFs) into one folder of their own,
 * which the returned function removes, so a run leaves nothing behind in the system's temp folder. The test
 * processes start after this and inherit TMPDIR, which `os.tmpdir()` reads.
 */
function useTempRoot(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-test-run-'));
  // Open like /tmp itself: the PostgreSQL tests run initdb as the postgres user in a folder made under it.
  fs.chmodSync(root, 0o1777);
  process.env.TMPDIR = root;
  return () => fs.rmSync(root, { recursive: true, force: true });
}

/** Migrations, then the rest as a start sets it up. */
async function prepare(database: Database, dataDir: string) {
  await database.migrate();
  await setUpAsOnStart(database, dataDir);
}

/**
 * Once per run, the database every test app starts from, set up as a start sets it up (the build's snapshot is made
 * the same way, prepare-snapshot.ts). On PGlite an app loads a copy instead of creating a cluster, its tables and the
 * queue's partitions (about 2 of the 5.5 CPU-seconds an app took to start); on PostgreSQL its database is a copy made
 * by the server. The apps still migrate and start their job runner, which then find nothing to do.
 */
export default async function setup(project: TestProject) {
  const removeTempRoot = useTempRoot();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-template-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const created = await createPostgresDatabase(baseUrl);
    const database = await openDatabase({ databaseUrl: created.url, dataDir, poolSize: 2 });
    try {
      await prepare(database, dataDir);
    } finally {
      // A database is copied only while nobody is connected to it.
      await database.close();
    }
    project.provide('postgresTemplate', new URL(created.url).pathname.slice(1));
    return async () => {
      await created.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      removeTempRoot();
    };
  }
  const file = path.join(dataDir, 'pglite-template.tar');
  const database = await openDatabase({ dataDir, inMemory: true });
  try {
    await prepare(database, dataDir);
    fs.writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeTempRoot();
  };
}
