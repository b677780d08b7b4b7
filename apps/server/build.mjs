// Bundles the server into dist/main.js: workspace sources (the shared schema package) are bundled in,
// every npm dependency stays external and is loaded from node_modules at run time. Beside it, a snapshot of a fresh
// embedded database.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@agency/'));

// Chunk names carry a hash: start from an empty folder so old ones do not pile up.
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: ['src/main.ts'],
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

// A fresh embedded database with this build's migrations applied, for a quick first start (src/db/client.ts,
// EMBEDDED_SNAPSHOT): creating a cluster and its tables costs several CPU-seconds, unpacking this a fraction.
const pglite = new PGlite();
await pglite.waitReady;
await migrate(drizzle(pglite), { migrationsFolder: fileURLToPath(new URL('./drizzle', import.meta.url)) });
const snapshot = await pglite.dumpDataDir('gzip');
await pglite.close();
writeFileSync(new URL('./dist/pglite-snapshot.tar.gz', import.meta.url), Buffer.from(await snapshot.arrayBuffer()));
