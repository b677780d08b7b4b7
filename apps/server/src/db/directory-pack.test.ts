import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packDirectory, unpackDirectory } from './directory-pack.js';

let work: string;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'directory-pack-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

/** Every directory and file under `dir`, with each file's bytes (base64) and permission bits. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (relative: string) => {
    for (const name of fs.readdirSync(path.join(dir, relative)).sort()) {
      const entryPath = relative ? `${relative}/${name}` : name;
      const stat = fs.statSync(path.join(dir, entryPath));
      if (stat.isDirectory()) {
        out[`${entryPath}/`] = (stat.mode & 0o777).toString(8);
        walk(entryPath);
      } else {
        out[entryPath] = `${(stat.mode & 0o777).toString(8)} ${fs.readFileSync(path.join(dir, entryPath)).toString('base64')}`;
      }
    }
  };
  walk('');
  return out;
}

function makeSource(): string {
  const source = path.join(work, 'source');
  fs.mkdirSync(path.join(source, 'base/1'), { recursive: true });
  fs.mkdirSync(path.join(source, 'empty-dir'));
  fs.writeFileSync(path.join(source, 'PG_VERSION'), '16\n');
  fs.writeFileSync(path.join(source, 'base/1/empty'), '');
  fs.writeFileSync(path.join(source, 'base/1/zeros-only'), Buffer.alloc(8192));
  // A write-ahead log segment: a little data, then zeros up to its size.
  const segment = Buffer.alloc(3 * 1024 * 1024 + 17);
  segment.write('record', 100);
  fs.writeFileSync(path.join(source, 'base/1/segment'), segment);
  // Larger than the 1 MB chunk and without trailing zeros.
  fs.writeFileSync(path.join(source, 'base/1/pages'), Buffer.from(Array.from({ length: 2_500_000 }, (_, i) => (i % 251) + 1)));
  fs.writeFileSync(path.join(source, 'postgresql.conf'), 'shared_buffers = 16MB\n', { mode: 0o600 });
  fs.chmodSync(path.join(source, 'postgresql.conf'), 0o600);
  return source;
}

describe('directory pack', () => {
  it('recreates the directory exactly: every file, its bytes and zeros, empty files and folders, permissions', () => {
    const source = makeSource();
    const pack = path.join(work, 'tree.pack');
    packDirectory(source, pack);
    const target = path.join(work, 'target');
    unpackDirectory(pack, target);
    expect(tree(target)).toEqual(tree(source));
    expect(Object.keys(tree(target))).toContain('empty-dir/');
  });

  it('stores a file without the zeros at its end', () => {
    const source = makeSource();
    const pack = path.join(work, 'tree.pack');
    packDirectory(source, pack);
    const sourceBytes = ['PG_VERSION', 'base/1/zeros-only', 'base/1/segment', 'base/1/pages', 'postgresql.conf']
      .map((file) => fs.statSync(path.join(source, file)).size)
      .reduce((sum, size) => sum + size, 0);
    expect(sourceBytes).toBeGreaterThan(5_500_000);
    // The 2.5 MB of pages, the segment's first 106 bytes, the small files and the index.
    expect(fs.statSync(pack).size).toBeGreaterThan(2_500_000);
    expect(fs.statSync(pack).size).toBeLessThan(2_510_000);
  });

  it('refuses a pack cut short, or a file that is not a pack, before writing anything', () => {
    const source = makeSource();
    const pack = path.join(work, 'tree.pack');
    packDirectory(source, pack);
    const short = path.join(work, 'short.pack');
    fs.writeFileSync(short, fs.readFileSync(pack).subarray(0, fs.statSync(pack).size - 1));
    expect(() => unpackDirectory(short, path.join(work, 'from-short'))).toThrow(/cut short/);
    expect(fs.existsSync(path.join(work, 'from-short'))).toBe(false);

    const other = path.join(work, 'other.pack');
    fs.writeFileSync(other, 'PG_VERSION 16');
    expect(() => unpackDirectory(other, path.join(work, 'from-other'))).toThrow(/not a directory pack/);
    expect(fs.existsSync(path.join(work, 'from-other'))).toBe(false);
  });

  it('refuses an index naming a path outside the target', () => {
    const index = Buffer.from(JSON.stringify([{ path: '../escaped', mode: 0o644, kind: 'file', size: 1, stored: 1 }]));
    const length = Buffer.alloc(4);
    length.writeUInt32LE(index.length);
    const pack = path.join(work, 'escape.pack');
    fs.writeFileSync(pack, Buffer.concat([Buffer.from('AGDIRPK1'), length, index, Buffer.from('x')]));
    expect(() => unpackDirectory(pack, path.join(work, 'inside'))).toThrow(/outside its directory/);
    expect(fs.existsSync(path.join(work, 'escaped'))).toBe(false);
  });
});
