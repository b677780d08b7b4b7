import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { setUpAsOnStart } from '../../src/prepare-snapshot.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR a server has started on once (its embedded database created, migrated and set up), to copy. */
    startedDataDir: string;
  }
}

/**
 * Once per run, a DATA_DIR as a first start leaves it. Running from source there is no build snapshot, so a start on
 * an empty directory creates the embedded cluster (about 5 CPU-seconds); the tests that are not about a first start
 * copy this one instead (`startedDataDir` in data-dir.ts).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-started-'));
  const database = await openDatabase({ dataDir: dir, snapshotFile: null });
  try {
    await database.migrate();
    await setUpAsOnStart(database, dir);
  } finally {
    await database.close();
  }
  project.provide('startedDataDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
