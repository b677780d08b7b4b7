// Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the built web app, at the highest
// levels: done once at build time, the server then sends the smaller copy a browser accepts (no work per request).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The built app (apps/web/dist), or the directory named on the command line.
const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'dist'));
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest', '.xml', '.map']);
// Below this a compressed copy saves less than a packet's worth.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const file of files(dist)) {
  if (!TEXT.has(path.extname(file))) continue;
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  const gzip = zlib.gzipSync(data, { level: 9 });
  // A copy only when it is smaller; the server falls back to the file itself.
  if (brotli.length < data.length) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < data.length) fs.writeFileSync(`${file}.gz`, gzip);
  raw += data.length;
  br += Math.min(brotli.length, data.length);
  count += 1;
}
console.log(`compressed ${count} files: ${(raw / 1024).toFixed(0)} KiB -> ${(br / 1024).toFixed(0)} KiB with Brotli`);
