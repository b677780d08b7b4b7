import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareAppSnapshot } from '../../src/prepare-snapshot.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The embedded database snapshot a build makes (db/snapshot.ts), made once for the run: data-dir.ts unpacks it. */
    embeddedSnapshot: string;
  }
}

/**
 * Once per run, the snapshot the build puts beside the built server. Running from source there is none, so a start on
 * an empty directory creates the embedded cluster (about 5 CPU-seconds); the tests that are not about that start on
 * a data directory holding this snapshot unpacked, as a built server's first start would.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-snapshot-'));
  const file = path.join(dir, 'pglite-snapshot.pack');
  await prepareAppSnapshot(file);
  project.provide('embeddedSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
