import { describe, expect, it } from 'vitest';
import { formatMessageTime } from './display.js';

describe('formatMessageTime', () => {
  it('shows en-GB day, short month, hour and minute', () => {
    const out = formatMessageTime('2026-03-05T14:07:00Z');
    expect(out).toMatch(/^\d{2} Mar(,)? \d{2}:\d{2}$/);
  });

  it('shows the raw value when it cannot be formatted, and nothing for no value', () => {
    expect(formatMessageTime('yesterday-ish')).toBe('yesterday-ish');
    expect(formatMessageTime(null)).toBe('');
  });
});
