// Bundles the server into dist/main.js: workspace sources (the shared schema package) are bundled in,
// every npm dependency stays external and is loaded from node_modules at run time. Beside it, a snapshot of a fresh
// embedded database (dist/pglite-snapshot.pack), made by the bundled dist/prepare-snapshot.js.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@agency/'));

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
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

// A fresh embedded database with this build's migrations and job queues, for a quick first start (src/db/client.ts,
// EMBEDDED_SNAPSHOT): creating a cluster, its tables and queues costs several CPU-seconds, unpacking this a fraction.
execFileSync(process.execPath, ['dist/prepare-snapshot.js', 'dist/pglite-snapshot.pack'], {
  cwd: fileURLToPath(new URL('.', import.meta.url)),
  stdio: 'inherit',
});
