import { CHAT_POLL_INTERVAL_MS, type Message } from '@agency/schema';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { createTestQueryClient, QueryWrapper } from '../../../test/render';
import { useChat } from './use-chat';

const ME = '1';
const CLIENT = '7';
const CONVERSATION = '12:7';
const API = '/api/superadmin';

function message(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id,
    conversation_id: CONVERSATION,
    sender_id: CLIENT,
    receiver_id: ME,
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

const DELIVERED = '2025-03-05T14:08:00.000Z';
const READ = '2025-03-05T14:09:00.000Z';

/** The server side of one conversation: what the hook asked for, in order. */
function stubConversation({ thread, polls = [] }: { thread: Message[]; polls?: Message[][] }) {
  const calls: string[] = [];
  const sinceIds: (string | null)[] = [];
  const known = new Map(thread.map((m) => [m.id, m]));
  const batches = [...polls];
  server.use(
    http.get(`${API}/messages/thread`, ({ request }) => {
      expect(new URL(request.url).searchParams.get('conversation_id')).toBe(CONVERSATION);
      return HttpResponse.json({ messages: thread });
    }),
    http.get(`${API}/get-all-messages`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      expect(query.get('user_id')).toBe(ME);
      sinceIds.push(query.get('since_id'));
      const batch = batches.shift() ?? [];
      for (const m of batch) known.set(m.id, m);
      return HttpResponse.json({ messages: batch });
    }),
    http.put(`${API}/messages/:id/delivered`, ({ params }) => {
      calls.push(`delivered ${params.id}`);
      const current = known.get(Number(params.id))!;
      const updated = { ...current, delivered_at: DELIVERED };
      known.set(updated.id, updated);
      return HttpResponse.json({ message: updated });
    }),
    http.put(`${API}/messages/:id/read`, ({ params }) => {
      calls.push(`read ${params.id}`);
      const current = known.get(Number(params.id))!;
      const updated = { ...current, read_at: READ, is_read: 1 as const };
      known.set(updated.id, updated);
      return HttpResponse.json({ message: updated });
    }),
  );
  return { calls, sinceIds };
}

function renderChat() {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryWrapper client={client}>{children}</QueryWrapper>;
  return renderHook(() => useChat({ side: 'superadmin', conversationId: CONVERSATION, otherUserId: CLIENT, currentUserId: ME }), { wrapper });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useChat: the thread and the poll', () => {
  it('polls every 5 s from the latest id seen, merges what belongs to this conversation by id, and moves the since_id on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const read = { delivered_at: DELIVERED, read_at: READ, is_read: 1 } as const;
    const { sinceIds } = stubConversation({
      thread: [message(1, read), message(2, read)],
      polls: [
        // A newer copy of a known message, a new one, and one of another conversation with a higher id.
        [message(2, { ...read, message_content: 'message 2, edited' }), message(3, read), message(9, { ...read, conversation_id: '30:8' })],
        [message(10, read)],
      ],
    });

    const { result } = renderChat();
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual([1, 2, 3]));
    expect(result.current.messages[1].message_content).toBe('message 2, edited');
    expect(sinceIds).toEqual(['2']);

    await act(() => vi.advanceTimersByTimeAsync(CHAT_POLL_INTERVAL_MS));
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual([1, 2, 3, 10]));
    // The other conversation's id 9 was seen, so the next poll starts after it.
    expect(sinceIds).toEqual(['2', '9']);
  });

  it('marks each incoming message delivered, then read, and never the viewer’s own', async () => {
    const { calls } = stubConversation({
      thread: [
        message(1),
        message(2, { delivered_at: DELIVERED }),
        message(3, { delivered_at: DELIVERED, read_at: READ, is_read: 1 }),
        message(4, { sender_id: ME, receiver_id: CLIENT }),
      ],
    });

    const { result } = renderChat();
    await waitFor(() => expect(result.current.messages.filter((m) => m.is_read === 1).map((m) => m.id)).toEqual([1, 2, 3]));
    expect(calls.filter((call) => call.endsWith(' 1'))).toEqual(['delivered 1', 'read 1']);
    expect(calls.filter((call) => !call.endsWith(' 1')).sort()).toEqual(['read 2']);
    expect(result.current.messages.find((m) => m.id === 1)?.delivered_at).toBe(DELIVERED);
    expect(result.current.messages.find((m) => m.id === 4)?.is_read).toBe(0);
  });
});

describe('useChat: sending', () => {
  it('ignores a second send while one is in flight', async () => {
    stubConversation({ thread: [] });
    const bodies: unknown[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${API}/send-message`, async ({ request }) => {
        bodies.push(await request.json());
        await held;
        return HttpResponse.json({ message: message(20, { sender_id: ME, receiver_id: CLIENT }) }, { status: 201 });
      }),
    );

    const { result } = renderChat();
    await waitFor(() => expect(result.current.isLoading).toBe(false));

    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = result.current.sendMessage('Hello', []);
      second = result.current.sendMessage('Hello again', []);
    });
    expect(await second).toBe(false);
    await waitFor(() => expect(result.current.isSending).toBe(true));
    expect(bodies).toHaveLength(1);

    release();
    expect(await first).toBe(true);
    await waitFor(() => expect(result.current.isSending).toBe(false));
    expect(bodies).toEqual([
      { sender_id: ME, receiver_id: CLIENT, message_content: 'Hello', conversation_id: CONVERSATION, message_attachments: [] },
    ]);
  });

  it('uploads staged files first and sends (attachment) when there is no text', async () => {
    stubConversation({ thread: [] });
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/messages/uploads', async ({ request }) => {
        const files = (await request.formData()).getAll('files') as File[];
        return HttpResponse.json({
          attachments: files.map((file, i) => ({
            name: file.name,
            mime: file.type,
            size: file.size,
            stored_filename: `stored-${i}`,
            url: `/signed/${i}`,
          })),
        });
      }),
      http.post(`${API}/send-message`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );

    const { result } = renderChat();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    let sent!: boolean;
    await act(async () => {
      sent = await result.current.sendMessage('   ', [new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }), new File(['??'], 'notes')]);
    });

    expect(sent).toBe(true);
    expect(bodies).toEqual([
      {
        sender_id: ME,
        receiver_id: CLIENT,
        conversation_id: CONVERSATION,
        message_content: '(attachment)',
        message_attachments: [
          { name: 'brief.pdf', mime: 'application/pdf', size: 4, stored_filename: 'stored-0' },
          // A file of unknown type goes up as the generic binary type.
          { name: 'notes', mime: 'application/octet-stream', size: 2, stored_filename: 'stored-1' },
        ],
      },
    ]);
  });

  it('reports a failed send as not sent, so the composer keeps what was typed', async () => {
    stubConversation({ thread: [] });
    server.use(http.post(`${API}/send-message`, () => HttpResponse.json({ error: 'Nope', code: 'FORBIDDEN' }, { status: 403 })));

    const { result } = renderChat();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    let sent!: boolean;
    await act(async () => {
      sent = await result.current.sendMessage('Hello', []);
    });
    expect(sent).toBe(false);
    expect(result.current.isSending).toBe(false);
  });
});
