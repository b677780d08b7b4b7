import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/** A new DATA_DIR holding a copy of one a server has already started on (data-dir.global.ts): a later start. */
export function startedDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(inject('startedDataDir'), dir, { recursive: true });
  return dir;
}
