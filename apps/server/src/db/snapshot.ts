import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedDatabaseDir, openDatabase, type Database } from './client.js';
import { packDirectory } from './directory-pack.js';

/**
 * Makes an embedded database snapshot in the file `target` (see EMBEDDED_SNAPSHOT): a cluster created in a scratch
 * data directory, migrated, handed to `prepare` with that directory, then shut down cleanly and packed. A cluster
 * copied while open would carry its lock file and need recovery on every first start.
 */
export async function makeEmbeddedSnapshot(target: string, prepare: (database: Database, dataDir: string) => Promise<void>): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-snapshot-'));
  try {
    const database = await openDatabase({ dataDir: work, snapshotFile: null });
    try {
      await database.migrate();
      await prepare(database, work);
    } finally {
      await database.close();
    }
    fs.rmSync(target, { recursive: true, force: true });
    packDirectory(embeddedDatabaseDir(work), target);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
