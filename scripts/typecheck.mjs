// `npm run typecheck`: every TypeScript project of the repository, two compilers at a time (each is one thread),
// each project's output printed whole when it ends. Exits non-zero when any project has errors.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// The two largest first, one per lane, so the small ones fill in beside them.
const PROJECTS = [
  'apps/web/tsconfig.json',
  'apps/server/tsconfig.json',
  'apps/web/e2e/tsconfig.json',
  'packages/schema/tsconfig.json',
  'tsconfig.json',
];
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${project}`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code ?? 1);
    });
  });
}

const queue = [...PROJECTS];
const lanes = Math.max(1, Math.min(2, os.availableParallelism()));
const codes = await Promise.all(
  Array.from({ length: lanes }, async () => {
    const seen = [];
    while (queue.length > 0) seen.push(await check(queue.shift()));
    return seen;
  }),
);
process.exit(codes.flat().some((code) => code !== 0) ? 1 : 0);
