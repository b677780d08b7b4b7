import { describe, expect, it } from 'vitest';
import { SEARCH_MARK_END as E, SEARCH_MARK_START as S, splitMarks } from './search-marks.js';

describe('splitMarks', () => {
  it('splits a snippet into its plain and matched runs, in order', () => {
    expect(splitMarks(`The ${S}harbour${E} site and ${S}harbour${E}`)).toEqual([
      { text: 'The ', match: false },
      { text: 'harbour', match: true },
      { text: ' site and ', match: false },
      { text: 'harbour', match: true },
    ]);
  });

  it('reads an unclosed mark to the end, and drops empty runs', () => {
    expect(splitMarks(`a ${S}${E}b ${S}c`)).toEqual([
      { text: 'a ', match: false },
      { text: 'b ', match: false },
      { text: 'c', match: true },
    ]);
    expect(splitMarks('')).toEqual([]);
  });
});
