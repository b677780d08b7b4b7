import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { embeddedDatabaseDir } from '../../src/db/client.js';
import { unpackDirectory } from '../../src/db/directory-pack.js';

/** A new DATA_DIR holding the run's embedded database snapshot (data-dir.global.ts) unpacked: no cluster to create. */
export function snapshotDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  unpackDirectory(inject('embeddedSnapshot'), embeddedDatabaseDir(dir));
  return dir;
}
