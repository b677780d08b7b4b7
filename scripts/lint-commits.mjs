// Checks the subjects of the commits made since the subject rule was set (SINCE below): at most 72 characters, so
// that `git log --oneline` reads as a list. Details and figures belong in the body. Exits 1 naming each long subject.
// `npm run lint:commits` runs it; the guards suite runs it in CI. In a clone without that commit (a shallow one) it
// checks the last 50 commits instead.
import { execFileSync } from 'node:child_process';

const SINCE = '228d7f7';
const MAX = 72;

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

let range;
try {
  git('cat-file', '-e', `${SINCE}^{commit}`);
  range = [`${SINCE}..HEAD`];
} catch {
  range = ['-50', 'HEAD'];
}
const lines = git('log', '--no-merges', '--format=%h %s', ...range)
  .split('\n')
  .filter(Boolean);
const long = lines.filter((line) => line.slice(line.indexOf(' ') + 1).length > MAX);
for (const line of long) {
  const subject = line.slice(line.indexOf(' ') + 1);
  console.error(`${line.slice(0, line.indexOf(' '))}: subject of ${subject.length} characters (at most ${MAX}): ${subject}`);
}
console.log(`${lines.length} commit subject${lines.length === 1 ? '' : 's'} checked, ${long.length} over ${MAX} characters`);
process.exit(long.length > 0 ? 1 : 0);
