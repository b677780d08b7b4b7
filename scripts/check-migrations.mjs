// Fails when apps/server/src/db/schema.ts has changes that no committed migration carries: drizzle-kit generates
// into a scratch copy of the migrations folder, and any new file there means `npm run db:generate` was forgotten.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const committed = path.join(root, 'apps/server/drizzle');
// drizzle-kit wants a path relative to the working directory.
const scratch = path.join(root, '.tmp', 'migrations-check');
fs.rmSync(scratch, { recursive: true, force: true });
fs.mkdirSync(scratch, { recursive: true });
fs.cpSync(committed, scratch, { recursive: true });
const list = (dir) => fs.readdirSync(dir, { recursive: true }).map(String).sort();
const before = list(scratch);
const run = spawnSync('npx', ['drizzle-kit', 'generate', '--config', 'apps/server/drizzle.config.ts', '--name', 'pending'], {
  cwd: root,
  env: { ...process.env, DRIZZLE_OUT: path.relative(root, scratch) },
  encoding: 'utf8',
  input: '',
});
const added = list(scratch).filter((f) => !before.includes(f));
fs.rmSync(scratch, { recursive: true, force: true });
if (run.status !== 0 || added.length > 0 || !/No schema changes/.test(run.stdout + run.stderr)) {
  console.error(run.stdout, run.stderr);
  console.error('The database schema has changes without a migration: run `npm run db:generate` and commit apps/server/drizzle.');
  process.exit(1);
}
console.log('Migrations are up to date with the schema');
