import type { Conversation } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import {
  canReply,
  conversationsFailureMessage,
  conversationsOf,
  filterConversations,
  inboxFooterText,
  previewText,
  senderText,
  timeText,
} from './inbox';

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    conversation_id: '12:7',
    project_id: '12',
    other_user_id: '7',
    last_message_preview: 'Could we add a waiting list?',
    last_sender_id: '7',
    last_sender_name: 'Chloe Client',
    last_message_time: '2025-03-05T14:07:00.000Z',
    last_message_attachments: [],
    ...overrides,
  };
}

describe('inbox display rules', () => {
  it('shows the preview when there is one', () => {
    expect(previewText(conversation())).toBe('Could we add a waiting list?');
  });

  it('shows (attachment) for an empty preview of a message with files, else a dash', () => {
    const file = { name: 'plan.pdf', mime: 'application/pdf', size: 10 };
    expect(previewText(conversation({ last_message_preview: '', last_message_attachments: [file] }))).toBe('(attachment)');
    expect(previewText(conversation({ last_message_preview: null, last_message_attachments: [file] }))).toBe('(attachment)');
    expect(previewText(conversation({ last_message_preview: '', last_message_attachments: [] }))).toBe('—');
    expect(previewText(conversation({ last_message_preview: '   ', last_message_attachments: [] }))).toBe('—');
  });

  it('shows the sender as "id – name", the other user id when the sender id is missing, else a dash', () => {
    expect(senderText(conversation())).toBe('7 – Chloe Client');
    expect(senderText(conversation({ last_sender_name: null }))).toBe('7');
    expect(senderText(conversation({ last_sender_id: null, last_sender_name: null, other_user_id: '9' }))).toBe('9');
    expect(senderText(conversation({ last_sender_id: '', other_user_id: '9' }))).toBe('9');
    expect(senderText(conversation({ last_sender_id: null, other_user_id: '' }))).toBe('—');
  });

  it("formats the time en-GB with day, short month, hour and minute in the reader's time zone", () => {
    // 14:07 UTC on 5 March is 04:07 on 6 March in Kiritimati (UTC+14) and 06:07 on 5 March in Los Angeles: the
    // expected text comes from the local clock, so the test holds in every zone (still March in all of them).
    const at = new Date('2025-03-05T14:07:00.000Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(timeText(at.toISOString())).toBe(`${pad(at.getDate())} Mar, ${pad(at.getHours())}:${pad(at.getMinutes())}`);
  });

  it('shows a raw value it cannot format, and nothing for no value', () => {
    expect(timeText('not a date')).toBe('not a date');
    expect(timeText(null)).toBe('');
  });

  it('names the stored user id in the footer, or unknown', () => {
    expect(inboxFooterText('1')).toBe('Showing all conversations for 1');
    expect(inboxFooterText(null)).toBe('Showing all conversations for unknown');
    expect(inboxFooterText('')).toBe('Showing all conversations for unknown');
  });

  it('allows Reply only with both a conversation id and the other user id', () => {
    expect(canReply(conversation())).toBe(true);
    expect(canReply(conversation({ other_user_id: '' }))).toBe(false);
    expect(canReply(conversation({ conversation_id: '' }))).toBe(false);
  });
});

describe('inbox search', () => {
  const rows = [
    conversation(),
    conversation({
      conversation_id: '30:8',
      project_id: '30',
      other_user_id: '8',
      last_sender_id: '1',
      last_sender_name: 'Sam Owner',
      last_message_preview: 'Invoice attached',
    }),
    conversation({
      conversation_id: '41:9',
      project_id: '41',
      other_user_id: '9',
      last_sender_id: null,
      last_sender_name: null,
      last_message_preview: null,
    }),
  ];

  it('keeps every row for an empty or blank search', () => {
    expect(filterConversations(rows, '')).toHaveLength(3);
    expect(filterConversations(rows, '   ')).toHaveLength(3);
  });

  it('matches a trimmed, case-insensitive substring on each searched field', () => {
    expect(filterConversations(rows, '  WAITING ').map((r) => r.conversation_id)).toEqual(['12:7']);
    expect(filterConversations(rows, 'sam own').map((r) => r.conversation_id)).toEqual(['30:8']);
    expect(filterConversations(rows, '41:').map((r) => r.conversation_id)).toEqual(['41:9']);
    expect(filterConversations(rows, '30').map((r) => r.conversation_id)).toEqual(['30:8']);
    expect(filterConversations(rows, '9').map((r) => r.conversation_id)).toEqual(['41:9']);
  });

  it('does not search the time or the attachments', () => {
    expect(filterConversations(rows, '2025')).toEqual([]);
  });

  it('finds nothing for an unmatched search', () => {
    expect(filterConversations(rows, 'no such thing')).toEqual([]);
  });
});

describe('inbox answers and failures', () => {
  it('treats a conversations field that is not an array as empty', () => {
    expect(conversationsOf({ conversations: 'x' })).toEqual([]);
    expect(conversationsOf({ error: 'boom' })).toEqual([]);
    expect(conversationsOf(null)).toEqual([]);
    expect(conversationsOf({ conversations: [conversation()] })).toHaveLength(1);
  });

  it("takes the failure message from the answer's error field, else a fixed text", () => {
    expect(conversationsFailureMessage('user_id must be your own id')).toBe('user_id must be your own id');
    expect(conversationsFailureMessage(undefined)).toBe('Failed to fetch conversations');
    expect(conversationsFailureMessage('')).toBe('Failed to fetch conversations');
  });
});
