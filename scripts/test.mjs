// Runs every suite and ends with one line `N passed, N failed`:
//   1. unit, web (components and hooks in jsdom) and integration on the embedded PGlite database (Vitest)
//   2. the same integration suite on a real PostgreSQL server started here and stopped afterwards
//   3. end-to-end in Chromium (Playwright) against the built app
// A suite that cannot run (missing Chromium or PostgreSQL) counts as failed, with the command that fixes it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startPostgres } from './pg-server.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const only = process.argv.slice(2);
const wants = (name) => only.length === 0 || only.includes(name);

function exec(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function readVitest(file) {
  if (!fs.existsSync(file)) return null;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numTotalTestSuites && !r.success && r.numFailedTests === 0 ? 1 : 0) };
}

function readPlaywright(file) {
  if (!fs.existsSync(file)) return null;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: (s.unexpected ?? 0) + (r.errors?.length ? 1 : 0) };
}

const results = [];
function record(name, counts, exitCode, note) {
  const c = counts ?? { passed: 0, failed: 0 };
  if (exitCode !== 0 && c.failed === 0) c.failed = 1;
  results.push({ name, ...c, note });
}

async function vitest(name, projects, outFile, env = {}) {
  fs.rmSync(outFile, { force: true });
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outFile}`,
  ];
  const code = await exec('npx', args, env);
  record(name, readVitest(outFile), code);
}

if (wants('unit') || wants('pglite')) {
  // The web app's component and hook tests (jsdom, network stubbed with MSW) run with the unit tests.
  const projects = [wants('unit') && 'unit', wants('unit') && 'web', wants('pglite') && 'integration'].filter(Boolean);
  await vitest(`vitest (${projects.join(' + ')}, PGlite)`, projects, path.join(tmp, 'vitest-pglite.json'));
}

if (wants('postgres')) {
  let pgServer;
  try {
    pgServer = await startPostgres();
    console.log(`\nPostgreSQL started on port ${pgServer.port} (pid ${pgServer.pid})`);
    await vitest('vitest (integration, PostgreSQL)', ['integration'], path.join(tmp, 'vitest-postgres.json'), { TEST_DATABASE_URL: pgServer.url });
  } catch (err) {
    console.error(`\nPostgreSQL suite could not run: ${err.message}`);
    record('vitest (integration, PostgreSQL)', null, 1, 'PostgreSQL missing: apt-get install -y postgresql');
  } finally {
    await pgServer?.stop();
  }
}

if (wants('e2e')) {
  const out = path.join(tmp, 'playwright.json');
  fs.rmSync(out, { force: true });
  let code = await exec('npm', ['run', 'build']);
  if (code === 0) {
    code = await exec('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  }
  record('playwright (e2e, Chromium)', readPlaywright(out), code);
}

console.log('\nSuites:');
for (const r of results)
  console.log(`  ${r.name.padEnd(44)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed${r.note ? `  (${r.note})` : ''}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
