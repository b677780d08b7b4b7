import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../../scripts/server-command.mjs';

// The built server's Node flags are written once, in package.json's serve script: npm start, the demo and the
// container image run that script, and the scripts that measure or test the built server read the flags from it.
const root = path.resolve(import.meta.dirname, '../../..');
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;

describe('the Node flags the built server runs with', () => {
  it('are written once: npm start, npm run demo and the container image run the serve script', () => {
    expect(scripts.start).toMatch(/&& npm run serve$/);
    expect(scripts.demo).toMatch(/&& npm run serve -- --demo$/);
    const dockerfile = fs.readFileSync(path.join(root, 'deploy/Dockerfile'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(['npm', 'run', '--silent', 'serve']);
    for (const flag of serverNodeFlags()) {
      const writers = Object.entries(scripts).filter(([, line]) => line.includes(flag));
      expect(writers.map(([name]) => name)).toEqual(['serve']);
      expect(dockerfile).not.toContain(flag);
    }
  });

  it('are read from the script, and a script that does not start the server is refused', () => {
    expect(serverNodeFlags().length).toBeGreaterThan(0);
    expect(serverNodeFlags().every((flag) => flag.startsWith('--'))).toBe(true);
    expect(() => serverNodeFlags('lint')).toThrow(/does not run node/);
  });
});
