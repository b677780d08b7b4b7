import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_MAIN, serverNodeFlags } from '../../../scripts/server-command.mjs';

// The built server runs with the Node flags of package.json's start script wherever it is started: npm start, the
// demo, the container image, and the scripts that measure or test it (they read them with serverNodeFlags).
const root = path.resolve(import.meta.dirname, '../../..');

describe('the Node flags the built server runs with', () => {
  it('are the same for npm start, npm run demo and the container image', () => {
    const flags = serverNodeFlags();
    expect(serverNodeFlags('demo')).toEqual(flags);
    const dockerfile = fs.readFileSync(path.join(root, 'deploy/Dockerfile'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(['node', ...flags, SERVER_MAIN]);
  });

  it('are read from the script, and a script that does not start the server is refused', () => {
    expect(serverNodeFlags().every((flag) => flag.startsWith('--'))).toBe(true);
    expect(() => serverNodeFlags('lint')).toThrow(/does not run node/);
  });
});
