// The command line `npm start` runs the built server with (package.json's `serve` script, the one place its Node flags are written), so every script that
// starts the built server (start-up figures, end-to-end runs, the cluster) runs it with the same Node flags.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const SERVER_MAIN = 'apps/server/dist/main.js';

/** The Node flags before the built server's entry in a package.json script (`serve` by default). */
export function serverNodeFlags(script = 'serve') {
  const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
  const match = /(?:^|&&\s*)node((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.js(?:\s|$)/.exec(scripts[script] ?? '');
  if (!match) throw new Error(`package.json's ${script} script does not run node ... ${SERVER_MAIN}`);
  return match[1].trim().split(/\s+/).filter(Boolean);
}
