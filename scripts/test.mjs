// Runs the suites named on the command line (all of them when none is named) and ends with one line
// `N passed, N failed` (the line before it counts what was skipped, if anything). The suites are the table below:
// Vitest suites that share a run go in one Vitest process; PostgreSQL runs on a server started here and stopped
// afterwards; end-to-end runs Playwright against the built app; the cluster suite runs the built app as two nodes
// behind nginx (scripts/cluster.mjs). A suite that cannot run (missing Chromium, PostgreSQL or nginx) counts as
// failed, with the command that fixes it. Every run has one time zone and one shuffled order
// (scripts/test-env.mjs). The guards (types, lint, format, generated artefacts) count as one test each.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findNginx } from './cluster.mjs';
import { findPgBin, startPostgres } from './pg-server.mjs';
import { testEnv } from './test-env.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = path.join(root, '.tmp');

/**
 * Every suite, in the order they run. `run` names how a suite runs; suites with the same `run` go in one process
 * (unit and PGlite integration share a Vitest run, so their projects are listed together).
 */
const SUITES = [
  { name: 'guards', run: 'commands', what: 'typecheck, lint, commit subjects, format, migrations and OpenAPI up to date, dependency advisories' },
  { name: 'unit', run: 'vitest', projects: ['unit'], what: 'pure rules' },
  { name: 'web', run: 'vitest', projects: ['web', 'web-mocks'], what: 'web components and hooks in jsdom, network stubbed with MSW' },
  { name: 'pglite', run: 'vitest', projects: ['integration'], what: 'every API route on the embedded database' },
  { name: 'system', run: 'vitest', projects: ['system'], what: 'whole server processes: database restart, drain, raw sockets, memory' },
  { name: 'postgres', run: 'vitest-postgres', projects: ['integration'], what: 'the same on a throwaway PostgreSQL server' },
  {
    name: 'cluster',
    run: 'vitest-cluster',
    projects: ['cluster'],
    what: 'the built app as two nodes behind nginx: shared sessions, events, files, jobs; node and database loss',
  },
  { name: 'e2e', run: 'playwright', what: 'user journeys in Chromium against the built app' },
];

const env = testEnv();

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !SUITES.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(`Unknown suite${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  console.error('Usage: node scripts/test.mjs [suite...]   (no suite: all of them)');
  for (const s of SUITES) console.error(`  ${s.name.padEnd(10)} ${s.what}`);
  process.exit(2);
}
const chosen = SUITES.filter((s) => requested.length === 0 || requested.includes(s.name));

function exec(cmd, args, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env, ...extraEnv } });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Counts from Vitest's JSON report; skipped counts tests marked skip and todo. */
function readVitest(file) {
  if (!fs.existsSync(file)) return null;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  // A file that fails to load fails no test but fails the run: count it once.
  const loadFailure = r.numTotalTestSuites && !r.success && r.numFailedTests === 0 ? 1 : 0;
  const failedNames = (r.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed').map((t) => `${where} > ${t.fullName}`);
    return tests.length === 0 && file.status === 'failed' ? [`${where} (did not load: ${String(file.message ?? '').split('\n')[0]})`] : tests;
  });
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + loadFailure,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    failedNames,
  };
}

function readPlaywright(file) {
  if (!fs.existsSync(file)) return null;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  const failedNames = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((t) => t.status === 'unexpected')) failedNames.push(`${spec.file} > ${[...titles, spec.title].join(' > ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of r.suites ?? []) walk(suite, []);
  for (const error of r.errors ?? []) failedNames.push(`(run error) ${String(error.message ?? '').split('\n')[0]}`);
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + (r.errors?.length ? 1 : 0),
    skipped: s.skipped ?? 0,
    failedNames,
  };
}

const results = [];
// When the suite being recorded began: each line of the summary says how long its suite took.
let suiteStarted = Date.now();
function record(name, counts, exitCode, note) {
  const c = counts ?? { passed: 0, failed: 0, skipped: 0, failedNames: [] };
  if (exitCode !== 0 && c.failed === 0) c.failed = 1;
  results.push({ name, failedNames: [], ...c, note, seconds: Math.round((Date.now() - suiteStarted) / 1000) });
  suiteStarted = Date.now();
}

async function vitest(name, projects, outFile, extraEnv = {}) {
  fs.rmSync(outFile, { force: true });
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outFile}`,
  ];
  const code = await exec('npx', args, extraEnv);
  record(name, readVitest(outFile), code);
}

/** The guards CI must pass before anything else counts; each command is one test. */
const GUARDS = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['commit subjects', 'npm', ['run', 'lint:commits']],
  ['format', 'npm', ['run', 'format:check']],
  ['migrations up to date', 'node', ['scripts/check-migrations.mjs']],
  ['message catalogues complete in every language', 'node', ['scripts/check-catalogues.mjs']],
  ['OpenAPI document, client and SDK types up to date and lint-clean', 'npm', ['run', 'openapi:check']],
  ['production dependencies without unreviewed advisories', 'npm', ['run', 'audit']],
];

/**
 * Builds the app once per run, for whichever suite needs it first (cluster, e2e); resolves with the exit code. It may
 * run beside the guards (startBuild), so its output goes to .tmp/build.log, printed when a suite first waits for it.
 */
let building = null;
let buildPrinted = false;
function startBuild() {
  building ??= new Promise((resolve) => {
    const out = fs.openSync(path.join(tmp, 'build.log'), 'w');
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
    child.on('exit', (code) => {
      fs.closeSync(out);
      resolve(code ?? 1);
    });
  });
  return building;
}
async function buildOnce() {
  const code = await startBuild();
  if (!buildPrinted) {
    buildPrinted = true;
    console.log(`\n--- build (npm run build), exit ${code}\n${fs.readFileSync(path.join(tmp, 'build.log'), 'utf8')}`);
  }
  return code;
}

/** How each kind of suite runs, given the suites of that kind that were chosen. */
const RUNS = {
  async commands() {
    // The guards leave one of the two cores idle most of the time (tsc and ESLint run on one): the build, which the
    // later suites need, runs beside them. It must be done before the Vitest suites start, whose test apps serve the
    // web build from apps/web/dist, so the guards' time includes what is left of it.
    if (chosen.some((s) => s.run === 'vitest-cluster' || s.run === 'playwright')) void startBuild();
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const failedNames = [];
    for (const [what, cmd, args] of GUARDS) {
      console.log(`\n--- guard: ${what}`);
      const code = await exec(cmd, args);
      if (code === 0) counts.passed += 1;
      // 3: the guard could not run here (scripts/audit.mjs without the advisory database): skipped, not passed.
      else if (code === 3) counts.skipped += 1;
      else {
        counts.failed += 1;
        failedNames.push(what);
      }
    }
    if (building) await buildOnce();
    record('guards', { ...counts, failedNames }, 0, failedNames.length ? `failed: ${failedNames.join(', ')}` : undefined);
  },

  async vitest(suites) {
    const projects = [...new Set(suites.flatMap((s) => s.projects))];
    const where = projects.includes('integration') ? ', PGlite' : '';
    await vitest(`vitest (${projects.join(' + ')}${where})`, projects, path.join(tmp, 'vitest-pglite.json'));
  },

  async 'vitest-postgres'(suites) {
    const name = 'vitest (integration, PostgreSQL)';
    let pgServer;
    try {
      pgServer = await startPostgres();
      console.log(`\nPostgreSQL started on port ${pgServer.port} (pid ${pgServer.pid})`);
      const projects = [...new Set(suites.flatMap((s) => s.projects))];
      await vitest(name, projects, path.join(tmp, 'vitest-postgres.json'), { TEST_DATABASE_URL: pgServer.url });
    } catch (err) {
      console.error(`\nPostgreSQL suite could not run: ${err.message}`);
      record(name, null, 1, 'PostgreSQL missing: apt-get install -y postgresql');
    } finally {
      await pgServer?.stop();
    }
  },

  async 'vitest-cluster'(suites) {
    const name = 'vitest (cluster, nginx + 2 nodes)';
    const missing = [!findNginx() && 'nginx', !findPgBin() && 'postgresql'].filter(Boolean);
    if (missing.length > 0) {
      console.error(`\nCluster suite could not run: ${missing.join(' and ')} missing`);
      record(name, null, 1, `${missing.join(', ')} missing: apt-get install -y ${missing.join(' ')}`);
      return;
    }
    const built = await buildOnce();
    if (built !== 0) {
      record(name, null, built, 'the build failed');
      return;
    }
    const projects = [...new Set(suites.flatMap((s) => s.projects))];
    await vitest(name, projects, path.join(tmp, 'vitest-cluster.json'));
  },

  async playwright() {
    const out = path.join(tmp, 'playwright.json');
    fs.rmSync(out, { force: true });
    let code = await buildOnce();
    if (code === 0) {
      code = await exec('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    }
    record('playwright (e2e, Chromium)', readPlaywright(out), code);
  },
};

fs.mkdirSync(tmp, { recursive: true });
for (const run of [...new Set(chosen.map((s) => s.run))]) {
  await RUNS[run](chosen.filter((s) => s.run === run));
}

const total = (key) => results.reduce((n, r) => n + r[key], 0);
console.log(`\nSuites (TZ=${env.TZ}, test order seed ${env.TEST_SEED}; TEST_SEED=${env.TEST_SEED} replays it):`);
const nameWidth = Math.max(0, ...results.map((r) => r.name.length));
for (const r of results) {
  const counts = `${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed ${String(r.skipped).padStart(3)} skipped`;
  console.log(`  ${r.name.padEnd(nameWidth)} ${counts} ${String(r.seconds).padStart(5)} s${r.note ? `  (${r.note})` : ''}`);
}
// The names of what failed, last, so that the tail of a long log still says which tests to look at.
const failures = results.flatMap((r) => r.failedNames.map((n) => `${r.name}: ${n}`));
if (failures.length > 0) {
  console.log('Failed:');
  for (const f of failures.slice(0, 30)) console.log(`  ${f}`);
  if (failures.length > 30) console.log(`  ... and ${failures.length - 30} more`);
}
// What could not run here (the table above names it), then the last line: `N passed, N failed` over every suite.
if (total('skipped') > 0) console.log(`${total('skipped')} skipped`);
console.log(`${total('passed')} passed, ${total('failed')} failed`);
process.exit(total('failed') > 0 ? 1 : 0);
