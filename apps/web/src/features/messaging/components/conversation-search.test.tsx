import { SEARCH_MARK_END, SEARCH_MARK_START, STORAGE_KEY_USER_ID, type Message } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ChatDialog } from './chat-dialog';

const CONVERSATION = '12:7';

function message(id: number, content: string): Message {
  return {
    id,
    conversation_id: CONVERSATION,
    sender_id: '7',
    receiver_id: '1',
    message_content: content,
    message_attachments: [],
    timestamp: '2025-03-05T14:07:00.000Z',
    delivered_at: null,
    read_at: null,
    is_read: 1,
    sender_name: 'Clara Client',
  };
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEY_USER_ID, '1');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('finding a message in the chat dialog', () => {
  it('searches only this conversation and outlines the message picked, scrolled into view', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/superadmin/messages/thread', () =>
        HttpResponse.json({ messages: [message(5, 'The invoice is attached'), message(6, 'Thanks, see you Monday')] }),
      ),
      http.get('/api/superadmin/get-all-messages', () => HttpResponse.json({ messages: [] })),
      http.get('/api/search', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          items: [
            {
              kind: 'message',
              id: '5',
              title: 'Clara Client',
              snippet: `The ${SEARCH_MARK_START}invoice${SEARCH_MARK_END} is attached`,
              url: '/go/conversation/12%3A7',
              conversation_id: CONVERSATION,
            },
          ],
        });
      }),
    );
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const { user } = renderScreen(
      <ChatDialog open onClose={() => undefined} side="superadmin" target={{ conversationId: CONVERSATION, otherUserId: '7', projectId: '12' }} />,
    );
    const dialog = screen.getByTestId('chat-dialog');
    await within(dialog).findByText('The invoice is attached');
    await user.click(within(dialog).getByRole('button', { name: 'Find a message' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Find a message in this conversation' }), 'invoice');

    const results = await within(dialog).findByRole('list', { name: 'Matching messages' });
    const hit = within(results).getByRole('button');
    expect(hit).toHaveTextContent('Clara ClientThe invoice is attached');
    expect([...hit.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['invoice']);
    expect(asked.at(-1)?.get('kinds')).toBe('message');
    expect(asked.at(-1)?.get('conversation_id')).toBe(CONVERSATION);

    await user.click(hit);
    const found = dialog.querySelector('[data-message-id="5"]')!;
    await waitFor(() => expect(within(found as HTMLElement).getByTestId('chat-bubble')).toHaveAttribute('data-found', 'true'));
    expect(scrolled).toContain(found);
    expect(within(dialog.querySelector('[data-message-id="6"]') as HTMLElement).getByTestId('chat-bubble')).not.toHaveAttribute('data-found');
  });
});
