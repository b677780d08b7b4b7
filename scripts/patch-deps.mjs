// Small, exact fixes to installed dependencies, applied after every install (the root `postinstall`) and in the
// runtime image (deploy/Dockerfile). Each fix finds its code by a pattern and rewrites it in place; it is idempotent
// (a marker says it is applied). When a dependency's new version no longer has the pattern, the install stops
// here, so the fix is looked at again rather than silently lost.
//
// `node scripts/patch-deps.mjs --check` changes nothing and exits 1 when a fix is missing (the guards suite).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

/**
 * PGlite's wire-protocol reader copies every text field of every row into a new ArrayBuffer (`buffer.slice`) only to
 * decode it into a string: thousands of off-heap allocations for one large result, about half the CPU of reading
 * 200 messages. The fix decodes straight from a view over the message (TextDecoder copies into the string anyway);
 * `bytes()`, whose result callers may keep, still copies.
 */
const pgliteStrings = {
  name: 'PGlite: decode text fields from a view, not a copy',
  package: '@electric-sql/pglite',
  marker: '/*agency:string-view*/',
  // bytes(t){let n=GET(this,BUF).buffer.slice(GET(this,POS),GET(this,POS)+t);return SET(this,POS,GET(this,POS)+t),new Uint8Array(n)}
  bytes:
    /bytes\((\w)\)\{let (\w)=(\w+)\(this,(\w+)\)\.buffer\.slice\(\3\(this,(\w+)\),\3\(this,\5\)\+\1\);return (\w+)\(this,\5,\3\(this,\5\)\+\1\),new Uint8Array\(\2\)\}/,
  // string(t){return GET(this,DECODER).decode(this.bytes(t))}
  string: /string\((\w)\)\{return (\w+)\(this,(\w+)\)\.decode\(this\.bytes\(\1\)\)\}/,
  rewrite(source) {
    const bytes = this.bytes.exec(source);
    const string = this.string.exec(source);
    if (!bytes || !string || string[2] !== bytes[3]) return null;
    const [, , , get, buffer, position, set] = bytes;
    const decoder = string[3];
    const fixed =
      `string(t){${this.marker}let v=${get}(this,${buffer}),s=${get}(this,${position});` +
      `return ${set}(this,${position},s+t),${get}(this,${decoder}).decode(new Uint8Array(v.buffer,v.byteOffset+s,t))}`;
    return source.replace(this.string, fixed);
  },
};

function packageDir(name) {
  const require = createRequire(path.join(root, 'apps/server/package.json'));
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

function codeFiles(dir) {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    return entry.isFile() && /\.(c|m)?js$/.test(entry.name) ? [file] : [];
  });
}

let missing = 0;
for (const fix of [pgliteStrings]) {
  const dir = packageDir(fix.package);
  const version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  let applied = 0;
  for (const file of codeFiles(path.join(dir, 'dist'))) {
    const source = fs.readFileSync(file, 'utf8');
    if (source.includes(fix.marker)) {
      applied += 1;
      continue;
    }
    if (!fix.string.test(source)) continue;
    if (check) {
      console.error(`patch-deps: ${fix.name}: not applied to ${path.relative(root, file)}`);
      missing += 1;
      continue;
    }
    const rewritten = fix.rewrite(source);
    if (!rewritten) throw new Error(`patch-deps: ${fix.name}: ${fix.package}@${version} changed in ${file}; look at the fix again`);
    fs.writeFileSync(file, rewritten);
    applied += 1;
  }
  if (!applied) {
    console.error(`patch-deps: ${fix.name}: no code of ${fix.package}@${version} matched; look at the fix again`);
    missing += 1;
  } else if (!check) {
    console.log(`patch-deps: ${fix.name} (${fix.package}@${version}, ${applied} files)`);
  }
}
if (missing) process.exit(1);
