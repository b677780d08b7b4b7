import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';
import type { Storage } from './storage-types.js';

// The type lives in a file of its own so that the S3 driver, which this file loads, need not import it back.
export type { Storage };

/** The storage the configuration names. The S3 client is loaded only when it is used. */
export async function openStorage(config: Config): Promise<Storage> {
  if (config.storage.driver === 's3') {
    const { createS3Storage } = await import('./storage-s3.js');
    return createS3Storage(config.storage);
  }
  return createLocalStorage(config.filesDir);
}

export function newStoredFilename(originalName: string): string {
  const ext = path
    .extname(originalName)
    .toLowerCase()
    .replace(/[^a-z0-9.]/g, '')
    .slice(0, 10);
  return `${crypto.randomUUID()}${ext}`;
}

function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

export function createLocalStorage(rootDir: string): Storage {
  fs.mkdirSync(rootDir, { recursive: true });
  const fullPath = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };
  return {
    async put(key, source) {
      const target = fullPath(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.partial`;
      let size = 0;
      source.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      try {
        await pipeline(source, fs.createWriteStream(partial));
        await fs.promises.rename(partial, target);
      } catch (err) {
        await fs.promises.rm(partial, { force: true });
        throw err;
      }
      return { size };
    },
    async read(key) {
      const target = fullPath(key);
      try {
        await fs.promises.access(target);
      } catch {
        return null;
      }
      return fs.createReadStream(target);
    },
    async remove(key) {
      await fs.promises.rm(fullPath(key), { force: true });
    },
    async ready() {
      await fs.promises.access(rootDir, fs.constants.W_OK);
    },
    async *list() {
      const entries = await fs.promises.readdir(rootDir, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath ?? rootDir, entry.name);
        const stat = await fs.promises.stat(full).catch(() => null);
        if (stat) yield { key: path.relative(rootDir, full).split(path.sep).join('/'), size: stat.size, modifiedAt: stat.mtime };
      }
    },
  };
}
