import { describe, expect, it } from 'vitest';
import { stripQuotedReply } from './quotes.js';

describe('the new part of a reply', () => {
  it("cuts Gmail's quote line, also when the line wraps", () => {
    expect(stripQuotedReply('Looks good.\n\nOn Thu, 26 Nov 2026 at 09:58, Studio <a@b.example> wrote:\n> old')).toBe('Looks good.');
    expect(stripQuotedReply('Looks good.\n\nOn Thu, 26 Nov 2026 at 09:58, Brightline\nStudio <a@b.example> wrote:\n> old')).toBe('Looks good.');
  });

  it("cuts Outlook's divider and its From/Sent header block", () => {
    expect(stripQuotedReply('Yes.\r\n\r\n-----Original Message-----\r\nFrom: A\r\nSent: today\r\n\r\nold')).toBe('Yes.');
    expect(stripQuotedReply('Yes.\n\n________________________________\nFrom: A <a@b.example>\nSent: Thursday\nold')).toBe('Yes.');
    expect(stripQuotedReply('Yes.\n\nFrom: Studio <a@b.example>\nSent: Thursday, 26 November 2026 09:58\nold')).toBe('Yes.');
  });

  it("cuts Apple Mail's quote line and a signature", () => {
    expect(stripQuotedReply('Friday?\n\n> On 26 Nov 2026, at 09:58, Studio <a@b.example> wrote:\n> old')).toBe('Friday?');
    expect(stripQuotedReply('Friday?\n\n-- \nSent from my iPhone')).toBe('Friday?');
  });

  it('keeps a reply that quotes nothing, and a line that merely starts with "On"', () => {
    expect(stripQuotedReply('On Monday I will send the copy.\nThanks')).toBe('On Monday I will send the copy.\nThanks');
  });

  it('drops trailing ">" lines quoted without a header', () => {
    expect(stripQuotedReply('Agreed.\n\n> earlier\n> text\n')).toBe('Agreed.');
  });
});
