import type { Message } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import {
  attachmentHref,
  attachmentsOf,
  canSend,
  chatSubtitle,
  chatTitle,
  isImageAttachment,
  latestMessageId,
  hasNewlyReadWithoutReaders,
  mergeMessages,
  messageContentFor,
  nextSinceId,
  receiptsFor,
  tickState,
} from './chat';

function message(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id,
    conversation_id: '12:7',
    sender_id: '7',
    receiver_id: '1',
    message_content: `message ${id}`,
    message_attachments: [],
    timestamp: '2025-03-05T14:07:00.000Z',
    delivered_at: null,
    read_at: null,
    is_read: 0,
    sender_name: 'Sam Sender',
    ...overrides,
  };
}

describe('chat title and subtitle', () => {
  it('titles the chat with the project id, else the conversation id before the first colon', () => {
    expect(chatTitle('12', '12:7')).toBe('Chat — 12');
    expect(chatTitle(undefined, '12:7')).toBe('Chat — 12');
    expect(chatTitle('', '41:9:extra')).toBe('Chat — 41');
    expect(chatTitle(null, 'plain')).toBe('Chat — plain');
  });

  it('names the client for the super admin and the agency for the client', () => {
    expect(chatSubtitle('superadmin', '7')).toBe('With Client: 7');
    expect(chatSubtitle('client', '1', 'Northwind Studio')).toBe('With: Northwind Studio');
    expect(chatSubtitle('client', '1')).toBe('With: the agency');
  });
});

describe('merge by id', () => {
  it('adds new messages in id order and replaces a known id with its newer copy', () => {
    const current = [message(1), message(3)];
    const merged = mergeMessages(current, [message(2), message(3, { delivered_at: '2025-03-05T14:08:00.000Z' })]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[2].delivered_at).toBe('2025-03-05T14:08:00.000Z');
    expect(current[1].delivered_at).toBeNull();
  });

  it('turns a single attachment into a list', () => {
    const single = { name: 'a.png', mime: 'image/png', size: 1, url: '/x' };
    const merged = mergeMessages([], [message(1, { message_attachments: single as unknown as Message['message_attachments'] })]);
    expect(merged[0].message_attachments).toEqual([single]);
    expect(attachmentsOf(undefined)).toEqual([]);
  });

  it('tracks the latest id', () => {
    expect(latestMessageId([message(4), message(9), message(2)])).toBe(9);
    expect(latestMessageId([], 5)).toBe(5);
    expect(latestMessageId([message(3)], 5)).toBe(5);
    expect(latestMessageId([])).toBeUndefined();
  });
});

describe('ticks and receipts', () => {
  it('shows sent, then delivered, then read', () => {
    expect(tickState(message(1))).toBe('sent');
    expect(tickState(message(1, { delivered_at: '2025-03-05T14:08:00.000Z' }))).toBe('delivered');
    expect(tickState(message(1, { delivered_at: 'd', read_at: '2025-03-05T14:09:00.000Z', is_read: 1 }))).toBe('read');
    expect(tickState(message(1, { delivered_at: 'd', is_read: 1 }))).toBe('delivered');
  });

  it('marks incoming messages delivered when not yet, then read when unread; never own messages', () => {
    const receipts = receiptsFor(
      [
        message(1),
        message(2, { delivered_at: 'd' }),
        message(3, { delivered_at: 'd', read_at: 'r', is_read: 1 }),
        message(4, { sender_id: '1', receiver_id: '7' }),
      ],
      '1',
    );
    expect(receipts).toEqual([
      { id: 1, markDelivered: true, markRead: true },
      { id: 2, markDelivered: false, markRead: true },
    ]);
  });
});

describe('receipts in a company’s thread', () => {
  const superadmin = '1';
  const mia = '9';
  const readBy = (...ids: string[]) => ({ read_by: ids.map((id) => ({ user_id: id, name: `Person ${id}`, read_at: 'r' })) }) as Partial<Message>;

  it('leaves a colleague’s message to the super admin alone, and marks the super admin’s until this person has read it', () => {
    const receipts = receiptsFor(
      [
        // A colleague's message to the super admin: not Mia's to mark.
        message(1, { sender_id: '7', receiver_id: superadmin }),
        // Read by a colleague: still unread for Mia.
        message(2, { sender_id: superadmin, receiver_id: '7', delivered_at: 'd', read_at: 'r', is_read: 1, ...readBy('7') }),
        // Read by Mia already.
        message(3, { sender_id: superadmin, receiver_id: '7', delivered_at: 'd', read_at: 'r', is_read: 1, ...readBy('7', mia) }),
        // New, read by nobody.
        message(4, { sender_id: superadmin, receiver_id: '7', ...readBy() }),
      ],
      mia,
      superadmin,
    );
    expect(receipts).toEqual([
      { id: 2, markDelivered: false, markRead: true },
      { id: 4, markDelivered: true, markRead: true },
    ]);
  });

  it('has the super admin mark every person’s message to them', () => {
    const receipts = receiptsFor(
      [message(1, { sender_id: '7' }), message(2, { sender_id: mia }), message(3, { sender_id: superadmin, receiver_id: '7' })],
      superadmin,
      '7',
    );
    expect(receipts.map((r) => r.id)).toEqual([1, 2]);
  });

  it('keeps the readers a poll does not carry', () => {
    const known = message(5, { sender_id: superadmin, receiver_id: '7', is_read: 1, read_at: 'r', ...readBy('7') });
    const polled = message(5, { sender_id: superadmin, receiver_id: '7', is_read: 1, read_at: 'r', delivered_at: 'd' });
    const [merged] = mergeMessages([known], [polled]);
    expect(merged).toMatchObject({ delivered_at: 'd', read_by: [{ user_id: '7' }] });
    // A copy that names its readers replaces the list.
    const [replaced] = mergeMessages([known], [{ ...polled, ...readBy('7', mia) }]);
    expect(replaced).toMatchObject({ read_by: [{ user_id: '7' }, { user_id: mia }] });
  });
});

describe('readers of the super admin’s messages', () => {
  const me = '1';
  const sent = message(5, { sender_id: me, receiver_id: '7', delivered_at: 'd' });
  const read = { ...sent, read_at: 'r', is_read: 1 as const };

  it('are read again when a poll brings an own message read for the first time, without its readers', () => {
    expect(hasNewlyReadWithoutReaders([sent], [read], me)).toBe(true);
    // Already read before, or the copy names its readers, or not the viewer's own message: nothing to read again.
    expect(hasNewlyReadWithoutReaders([read], [read], me)).toBe(false);
    expect(hasNewlyReadWithoutReaders([sent], [{ ...read, read_by: [] } as Message], me)).toBe(false);
    expect(hasNewlyReadWithoutReaders([], [message(6, { read_at: 'r', is_read: 1 })], me)).toBe(false);
    expect(hasNewlyReadWithoutReaders([sent], [{ ...sent }], me)).toBe(false);
  });
});

describe('poll since_id', () => {
  const me = '1';

  it('is the latest id seen when none of my messages waits for a receipt', () => {
    expect(nextSinceId(10, [message(4), message(10, { sender_id: me, delivered_at: 'd', read_at: 'r', is_read: 1 })], me, false)).toBe(10);
    expect(nextSinceId(undefined, [], me, false)).toBeUndefined();
  });

  it('re-reads from before my oldest unread message so its ticks can change', () => {
    const known = [message(5, { sender_id: me }), message(8, { sender_id: me, delivered_at: 'd' }), message(9)];
    expect(nextSinceId(12, known, me, false)).toBe(4);
  });

  it('catches up after a full page', () => {
    expect(nextSinceId(300, [message(5, { sender_id: me })], me, true)).toBe(300);
  });
});

describe('attachments', () => {
  it('links the url first, then the stored file, then the data URL; none means no link', () => {
    expect(attachmentHref({ url: '/signed', stored_filename: 'abc.png', data: 'data:x' })).toBe('/signed');
    expect(attachmentHref({ stored_filename: 'abc.png', data: 'data:x' })).toBe('/api/messages/attachments/abc.png');
    expect(attachmentHref({ data: 'data:image/png;base64,AA' })).toBe('data:image/png;base64,AA');
    expect(attachmentHref({})).toBeUndefined();
  });

  it('shows images as thumbnails', () => {
    expect(isImageAttachment({ mime: 'image/png' })).toBe(true);
    expect(isImageAttachment({ mime: 'application/pdf' })).toBe(false);
  });
});

describe('send', () => {
  it('is disabled with blank text and no files, and while sending', () => {
    expect(canSend('', 0, false)).toBe(false);
    expect(canSend('  \n ', 0, false)).toBe(false);
    expect(canSend('hi', 0, false)).toBe(true);
    expect(canSend('', 1, false)).toBe(true);
    expect(canSend('hi', 1, true)).toBe(false);
  });

  it('sends (attachment) when only files are staged', () => {
    expect(messageContentFor('', 2)).toBe('(attachment)');
    expect(messageContentFor('  ', 1)).toBe('(attachment)');
    expect(messageContentFor(' hello\nthere ', 1)).toBe('hello\nthere');
    expect(messageContentFor('hello', 0)).toBe('hello');
  });
});
