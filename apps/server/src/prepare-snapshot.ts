import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { makeEmbeddedSnapshot } from './db/snapshot.js';

/**
 * The build's embedded database snapshot (build.mjs runs this file once bundled: `node dist/prepare-snapshot.js
 * <file>`). The app itself sets it up: migrations, then the job queue's schema, queues and schedules, as a start
 * would. Nothing else: no default templates (a first start adds them with its own date), no key (the session
 * secret lives in DATA_DIR, outside the database).
 */
export async function prepareAppSnapshot(target: string): Promise<void> {
  await makeEmbeddedSnapshot(target, setUpAsOnStart);
}

/**
 * Sets a migrated database up as a start would (the job queue's schema, queues and schedules), with nothing else in
 * it: the build's snapshot and the test runs' template database (test/database-template.global.ts) are made so.
 */
export async function setUpAsOnStart(database: Database, dataDir: string): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const app = await buildApp(config, { database, deferJobs: true, defaultTemplates: false });
  try {
    await app.ready();
    await app.ctx.jobs.start();
  } finally {
    await app.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const target = process.argv[2];
  if (!target) throw new Error('usage: node prepare-snapshot.js <file>');
  await prepareAppSnapshot(path.resolve(target));
}
