import { MAX_ATTACHMENT_BYTES } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import { mimeOf, stageFiles, unstageAt } from './staging';

const file = (name: string, size = 100) => ({ name, size });

describe('staging attachments', () => {
  it('skips a file over 10 MB silently and keeps the others', () => {
    const staged = stageFiles([], [file('a'), file('big', MAX_ATTACHMENT_BYTES + 1), file('b', MAX_ATTACHMENT_BYTES)]);
    expect(staged.map((f) => f.name)).toEqual(['a', 'b']);
  });

  it('drops files past the tenth', () => {
    const picked = Array.from({ length: 12 }, (_, i) => file(`f${i + 1}`));
    expect(stageFiles([], picked).map((f) => f.name)).toEqual(['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'f9', 'f10']);
    const nine = picked.slice(0, 9);
    expect(stageFiles(nine, [file('x'), file('y')]).map((f) => f.name)).toEqual([...nine.map((f) => f.name), 'x']);
  });

  it('lets a file that fits take the place of a skipped one', () => {
    const nine = Array.from({ length: 9 }, (_, i) => file(`f${i + 1}`));
    expect(stageFiles(nine, [file('big', MAX_ATTACHMENT_BYTES + 1), file('ok')]).at(-1)?.name).toBe('ok');
  });

  it('removes one staged file at a time', () => {
    expect(unstageAt([file('a'), file('b'), file('c')], 1).map((f) => f.name)).toEqual(['a', 'c']);
  });

  it('gives a file of unknown type the generic binary type', () => {
    expect(mimeOf({ type: '' })).toBe('application/octet-stream');
    expect(mimeOf({ type: 'image/png' })).toBe('image/png');
  });
});
