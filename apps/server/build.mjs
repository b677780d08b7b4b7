// Bundles the server into dist/main.js with the shared schema package and the npm dependencies: a start parses a
// few files instead of resolving and reading about 1,200 modules from node_modules (a later start costs about a
// third of a CPU-second less). Beside it, a snapshot of a fresh embedded database (dist/pglite-snapshot.pack), made
// by the bundled dist/prepare-snapshot.js.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// The dependencies loaded from node_modules at run time: they find files beside their own modules, load native code,
// or are loaded with require() on first use and shared with a bundled library. Every other dependency is bundled.
const RUNTIME_EXTERNAL = {
  '@electric-sql/pglite': 'loads its WebAssembly and data files from its own folder',
  '@node-rs/argon2': 'a native addon',
  '@fastify/swagger': 'reads its package.json from its own folder',
  '@fastify/swagger-ui': 'serves the documentation page from its own folder',
  ioredis: 'names its own folder in error stacks',
  // integrations/seal.ts loads it on first use with require(), and the P12 signer imports it: both must get the one
  // copy, whose keys and certificates the other recognises.
  'node-forge': 'required at run time by the seal, and shared with the P12 signer',
  // The signature placeholder library (external, below) edits the product's pdf-lib documents: one copy of pdf-lib,
  // or its objects fail the other copy's class checks and the placeholder is never written.
  'pdf-lib': 'shared with the signature placeholder library',
  // Replies by e-mail: both require files inside nodemailer (external, below) by their folder paths, which only
  // Node's CommonJS loader resolves; loaded on first use.
  mailparser: 'requires nodemailer internals by folder path',
  'smtp-server': 'requires nodemailer internals by folder path',
  // CommonJS packages the product loads with import() on first use: bundled into a chunk of their own, their named
  // exports would be lost (the chunk exports module.exports as its default); Node's loader gives them.
  ...Object.fromEntries(
    ['@signpdf/placeholder-pdf-lib', '@signpdf/signer-p12', '@signpdf/signpdf', 'nodemailer', 'otplib', 'pg', 'pg-boss', 'qrcode', 'stream-json'].map(
      (name) => [name, 'a CommonJS package loaded with import() on first use'],
    ),
  ),
};
const external = Object.keys(RUNTIME_EXTERNAL);

// Chunk names carry a hash: start from an empty folder so old ones do not pile up.
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: ['src/main.ts', 'src/prepare-snapshot.ts'],
  outdir: 'dist',
  // Modules imported with import() (the PDF writers, the S3 driver) become chunks of their own, so the libraries
  // they use load with the first request that needs them rather than at every start.
  splitting: true,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Bundled CommonJS modules call require() for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});

// A CommonJS package reached only through import() becomes a chunk that exports module.exports as its default and
// nothing else, so its named exports are undefined at run time: such a package belongs in RUNTIME_EXTERNAL.
const dist = new URL('./dist/', import.meta.url);
const lostExports = readdirSync(dist)
  .filter((file) => file.endsWith('.js'))
  .map((file) => [file, readFileSync(new URL(file, dist), 'utf8')])
  .filter(([, code]) => /^export default require_\w+\(\);$/m.test(code))
  .map(([file, code]) => `${file} (${/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(code)?.[1] ?? 'unknown package'})`);
if (lostExports.length > 0) {
  throw new Error(`CommonJS bundled behind import(), its named exports lost; add it to RUNTIME_EXTERNAL: ${lostExports.join(', ')}`);
}

// The fonts the PDF writers embed (src/integrations/pdf-fonts.ts): the weights and styles they use, copied from
// the @fontsource packages (development dependencies, about 90 MB with every weight) beside the bundle, which looks
// for them in dist/fonts before node_modules. About 11 MB.
const FONT_PACKAGES = ['@fontsource/noto-sans', '@fontsource/noto-sans-arabic', '@fontsource/noto-sans-hebrew', '@fontsource/noto-sans-sc'];
const FONT_FILE = /-(400|700)-(normal|italic)\.woff$/;
const requireHere = createRequire(import.meta.url);
for (const name of FONT_PACKAGES) {
  const from = path.dirname(requireHere.resolve(`${name}/LICENSE`));
  const to = fileURLToPath(new URL(`./dist/fonts/${name}/`, import.meta.url));
  mkdirSync(path.join(to, 'files'), { recursive: true });
  for (const file of ['unicode.json', 'LICENSE']) cpSync(path.join(from, file), path.join(to, file));
  const fonts = readdirSync(path.join(from, 'files')).filter((file) => FONT_FILE.test(file));
  for (const file of fonts) cpSync(path.join(from, 'files', file), path.join(to, 'files', file));
  if (fonts.length === 0 || !existsSync(path.join(to, 'unicode.json'))) throw new Error(`No fonts copied from ${name}`);
}

// A fresh embedded database with this build's migrations and job queues, for a quick first start (src/db/client.ts,
// EMBEDDED_SNAPSHOT): creating a cluster, its tables and queues costs several CPU-seconds, unpacking this a fraction.
execFileSync(process.execPath, ['dist/prepare-snapshot.js', 'dist/pglite-snapshot.pack'], {
  cwd: fileURLToPath(new URL('.', import.meta.url)),
  stdio: 'inherit',
});
