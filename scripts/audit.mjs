// Checks the production dependencies against the npm registry's advisory database (`npm audit --omit=dev`). An
// advisory fails the check unless deploy/audit-allowlist.json lists it with a reason and the date it was reviewed;
// an allow-list entry nothing matches any more fails too, so the list stays short. `npm run audit` runs it and the
// guards suite runs it in CI.
//
// Exit codes: 0 nothing unreviewed, 1 an unreviewed advisory (or a stale entry), 3 the advisory database could not
// be reached (some registry mirrors serve packages only and refuse the audit endpoint): the guard then counts as
// skipped, never as passed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Holds an `npm audit --json` report against the allow-list: the advisories nobody reviewed, and the entries that
 * no longer match anything.
 */
export function judge(report, allowed) {
  const found = new Map();
  for (const [name, vulnerability] of Object.entries(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via ?? []) {
      // A string names another vulnerable package (reported under its own name), not an advisory.
      if (typeof via !== 'object') continue;
      const id = String(via.url ?? via.source)
        .split('/')
        .pop();
      found.set(id, { name, title: via.title, severity: via.severity, url: via.url });
    }
  }
  return {
    found,
    unreviewed: [...found].filter(([id]) => !allowed.some((entry) => entry.id === id)),
    stale: allowed.filter((entry) => !found.has(entry.id)),
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const allowFile = path.join(root, 'deploy/audit-allowlist.json');
  const allowed = JSON.parse(fs.readFileSync(allowFile, 'utf8')).advisories;

  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = null;
  }
  if (!report || (report.message && !report.vulnerabilities)) {
    const reason = report?.message ?? (run.stderr.split('\n').find((line) => line.includes('error')) || 'no answer');
    console.log(`npm audit: the advisory database could not be reached (${reason}); nothing was checked.`);
    process.exit(3);
  }

  const { found, unreviewed, stale } = judge(report, allowed);
  for (const [id, advisory] of unreviewed)
    console.error(`unreviewed advisory ${id} (${advisory.severity}) in ${advisory.name}: ${advisory.title} ${advisory.url ?? ''}`);
  for (const entry of stale) console.error(`deploy/audit-allowlist.json lists ${entry.id} (${entry.package}), which no longer applies: remove it`);
  console.log(
    `npm audit: ${found.size} advisories in production dependencies, ${found.size - unreviewed.length} reviewed, ${stale.length} stale entries`,
  );
  process.exit(unreviewed.length > 0 || stale.length > 0 ? 1 : 0);
}
