import { describe, expect, it } from 'vitest';
import { judge } from '../../../scripts/audit.mjs';

// The CI guard over `npm audit --omit=dev` (scripts/audit.mjs): an advisory passes only when the allow-list names it.
const report = {
  vulnerabilities: {
    'some-lib': {
      via: [{ source: 1099, url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc', title: 'Prototype pollution', severity: 'high' }],
    },
    'uses-some-lib': { via: ['some-lib'] },
  },
};

describe('the dependency audit', () => {
  it('fails on an advisory nobody reviewed, and names it', () => {
    const { unreviewed, stale } = judge(report, []);
    expect(unreviewed).toEqual([['GHSA-aaaa-bbbb-cccc', expect.objectContaining({ name: 'some-lib', severity: 'high' })]]);
    expect(stale).toEqual([]);
  });

  it('passes a reviewed advisory, and flags an allow-list entry that matches nothing any more', () => {
    const reviewed = { id: 'GHSA-aaaa-bbbb-cccc', package: 'some-lib', reason: 'only reached with trusted input', reviewed: '2026-11-27' };
    expect(judge(report, [reviewed]).unreviewed).toEqual([]);
    const { unreviewed, stale } = judge({ vulnerabilities: {} }, [reviewed]);
    expect(unreviewed).toEqual([]);
    expect(stale).toEqual([reviewed]);
  });
});
