import { SEARCH_MARK_END, SEARCH_MARK_START, STORAGE_KEY_USER_ID, type Conversation, type Message, type SearchItem } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ConversationsInbox } from './conversations-inbox';

const ME = '1';

function conversation(projectId: string, clientId: string, overrides: Partial<Conversation> = {}): Conversation {
  return {
    conversation_id: `${projectId}:${clientId}`,
    project_id: projectId,
    other_user_id: clientId,
    last_message_preview: `About project ${projectId}`,
    last_sender_id: clientId,
    last_sender_name: `Client ${clientId}`,
    last_message_time: '2025-03-05T14:07:00.000Z',
    last_message_attachments: [],
    ...overrides,
  };
}

function stubInbox(conversations: Conversation[]) {
  server.use(
    http.get('/api/superadmin/conversations', ({ request }) => {
      expect(new URL(request.url).searchParams.get('user_id')).toBe(ME);
      return HttpResponse.json({ conversations });
    }),
    http.get('/api/superadmin/messages/thread', () => HttpResponse.json({ messages: [] })),
    http.get('/api/superadmin/get-all-messages', () => HttpResponse.json({ messages: [] })),
    http.get('/api/search', () => HttpResponse.json({ items: [] })),
  );
}

function threadMessage(id: number, conversationId: string, content: string): Message {
  const [, clientId] = conversationId.split(':');
  return {
    id,
    conversation_id: conversationId,
    sender_id: clientId!,
    receiver_id: ME,
    message_content: content,
    message_attachments: [],
    timestamp: '2025-03-05T14:07:00.000Z',
    delivered_at: null,
    read_at: null,
    is_read: 1,
    sender_name: `Client ${clientId}`,
  };
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEY_USER_ID, ME);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});

afterEach(() => vi.restoreAllMocks());

describe('conversations inbox', () => {
  it('lists conversations with SPEC’s columns, texts and display rules', async () => {
    stubInbox([
      conversation('12', '7'),
      conversation('30', '8', { last_message_preview: '', last_message_attachments: [{ name: 'a.pdf', mime: 'application/pdf', size: 1 }] }),
      conversation('41', '9', { last_sender_id: null, last_sender_name: null, last_message_time: 'whenever' }),
    ]);
    renderScreen(<ConversationsInbox />, { path: '/superadmin-reply-message' });

    expect(screen.getByRole('status')).toHaveTextContent('Loading conversations…');
    const rows = await screen.findAllByTestId('conversation-row');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Avatar',
      'Conversation ID',
      'Project',
      'Sender (id – name)',
      'Last message',
      'Time',
      'Action',
    ]);
    expect(within(rows[0]).getByTestId('conversation-sender')).toHaveTextContent('7 – Client 7');
    expect(within(rows[0]).getByTestId('conversation-time')).toHaveTextContent('05 Mar, 14:07');
    expect(within(rows[1]).getByTestId('conversation-preview')).toHaveTextContent('(attachment)');
    expect(within(rows[2]).getByTestId('conversation-sender')).toHaveTextContent(/^9$/);
    expect(within(rows[2]).getByTestId('conversation-time')).toHaveTextContent('whenever');
    expect(screen.getByTestId('inbox-footer')).toHaveTextContent(`Showing all conversations for ${ME}`);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('shows each conversation’s unread count, project title and client name inside SPEC’s columns, at every width', async () => {
    stubInbox([
      conversation('12', '7', { project_title: 'Clinic website', other_user_name: 'Dana Client', unread_count: 3 }),
      conversation('30', '8', { project_title: 'Shop redesign', other_user_name: 'Omar Client', unread_count: 0 }),
    ]);
    const { unmount } = renderScreen(<ConversationsInbox />, { path: '/superadmin-reply-message' });
    const rows = await screen.findAllByTestId('conversation-row');

    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Avatar',
      'Conversation ID',
      'Project',
      'Sender (id – name)',
      'Last message',
      'Time',
      'Action',
    ]);
    const idCell = within(rows[0]).getAllByRole('cell')[1];
    expect(within(idCell).getByTestId('conversation-id')).toHaveTextContent(/^12:7$/);
    expect(within(idCell).getByTestId('conversation-unread')).toHaveTextContent('3 unread');
    expect(within(idCell).getByTestId('conversation-project-title')).toHaveTextContent('Clinic website');
    expect(within(idCell).getByTestId('conversation-client-name')).toHaveTextContent('Dana Client');
    // SPEC's own cells keep SPEC's texts.
    expect(within(rows[0]).getAllByRole('cell')[2]).toHaveTextContent(/^12$/);
    expect(within(rows[0]).getByTestId('conversation-sender')).toHaveTextContent(/^7 – Client 7$/);
    expect(within(rows[1]).queryByTestId('conversation-unread')).toBeNull();
    expect(within(rows[1]).getByTestId('conversation-project-title')).toHaveTextContent('Shop redesign');
    unmount();

    // A phone: every row is a card, and its title still carries the count, the project and the client.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(358);
    renderScreen(<ConversationsInbox />, { path: '/superadmin-reply-message' });
    const cards = await screen.findAllByTestId('conversation-row');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards[0]).getByTestId('conversation-unread')).toHaveTextContent('3 unread');
    expect(within(cards[0]).getByTestId('conversation-project-title')).toHaveTextContent('Clinic website');
    expect(within(cards[0]).getByTestId('conversation-client-name')).toHaveTextContent('Dana Client');
    expect(within(cards[0]).getByRole('button', { name: 'Reply' })).toBeVisible();
    // Two renders of the inbox in jsdom: slower than the default five seconds on a busy machine.
  }, 15_000);

  it('filters as the search is typed, and says so when nothing matches', async () => {
    stubInbox([conversation('12', '7'), conversation('30', '8')]);
    const { user } = renderScreen(<ConversationsInbox />, { path: '/superadmin-reply-message' });
    await screen.findAllByTestId('conversation-row');

    const search = screen.getByPlaceholderText('Search by conversation, project, sender, message…');
    await user.type(search, '  CLIENT 8 ');
    expect(screen.getAllByTestId('conversation-row').map((row) => within(row).getByText(/^\d+:\d+$/).textContent)).toEqual(['30:8']);
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(screen.getByText('No conversations yet.')).toBeInTheDocument();
  });

  it('opens the chat from Reply and from a click anywhere on the row', async () => {
    stubInbox([conversation('12', '7'), conversation('30', '8')]);
    const { user } = renderScreen(<ConversationsInbox />, { path: '/superadmin-reply-message' });
    const rows = await screen.findAllByTestId('conversation-row');

    await user.click(within(rows[1]).getByText('About project 30'));
    const dialog = await screen.findByTestId('chat-dialog');
    expect(within(dialog).getByTestId('chat-title')).toHaveTextContent('Chat — 30');
    expect(within(dialog).getByTestId('chat-subtitle')).toHaveTextContent('With Client: 8');
    await user.click(within(dialog).getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.queryByTestId('chat-dialog')).not.toBeInTheDocument());

    await user.click(within(rows[0]).getByRole('button', { name: 'Reply' }));
    expect(within(await screen.findByTestId('chat-dialog')).getByTestId('chat-title')).toHaveTextContent('Chat — 12');
  });

  it('finds messages across conversations and opens the chat of the one picked at that message', async () => {
    stubInbox([conversation('12', '7'), conversation('30', '8', { project_title: 'Shop redesign' })]);
    const asked: URLSearchParams[] = [];
    const found: SearchItem = {
      kind: 'message',
      id: '52',
      title: 'Client 8',
      snippet: `The ${SEARCH_MARK_START}invoice${SEARCH_MARK_END} is attached`,
      url: '/go/conversation/30%3A8',
      conversation_id: '30:8',
    };
    const threads: string[] = [];
    server.use(
      http.get('/api/search', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        return HttpResponse.json({ items: params.get('q') === 'invoice' ? [found] : [] });
      }),
      http.get('/api/superadmin/messages/thread', ({ request }) => {
        const conversationId = new URL(request.url).searchParams.get('conversation_id')!;
        threads.push(conversationId);
        const messages = [threadMessage(51, conversationId, 'Hello'), threadMessage(52, conversationId, 'The invoice is attached')];
        return HttpResponse.json({
          messages: [...messages, ...Array.from({ length: 30 }, (_, i) => threadMessage(60 + i, conversationId, `Later ${i}`))],
        });
      }),
      http.put('/api/superadmin/messages/:id/delivered', () => HttpResponse.json({})),
      http.put('/api/superadmin/messages/:id/read', () => HttpResponse.json({})),
    );
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const { user } = renderScreen(<ConversationsInbox />, { path: '/superadmin-reply-message' });
    await screen.findAllByTestId('conversation-row');

    await user.type(screen.getByPlaceholderText('Search by conversation, project, sender, message…'), 'invoice');
    const results = await screen.findByRole('list', { name: 'Matching messages' });
    const hit = within(results).getByRole('button');
    expect(hit).toHaveTextContent('Client 8 · 30:8 · Shop redesignThe invoice is attached');
    expect([...hit.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['invoice']);
    expect(asked.at(-1)?.get('q')).toBe('invoice');
    expect(asked.at(-1)?.get('kinds')).toBe('message');
    expect(asked.at(-1)?.has('conversation_id')).toBe(false);

    await user.click(hit);
    const dialog = await screen.findByTestId('chat-dialog');
    expect(within(dialog).getByTestId('chat-title')).toHaveTextContent('Chat — 30');
    expect(within(dialog).getByTestId('chat-subtitle')).toHaveTextContent('With Client: 8');
    await within(dialog).findByText('The invoice is attached');
    const message = dialog.querySelector('[data-message-id="52"]')!;
    expect(within(message as HTMLElement).getByTestId('chat-bubble')).toHaveAttribute('data-found', 'true');
    await waitFor(() => expect(scrolled).toContain(message));
    expect(within(dialog.querySelector('[data-message-id="51"]') as HTMLElement).getByTestId('chat-bubble')).not.toHaveAttribute('data-found');
    expect(threads).toContain('30:8');
  });

  it('says when no message matches, and asks nothing for a box without a word', async () => {
    stubInbox([conversation('12', '7')]);
    const asked: string[] = [];
    server.use(
      http.get('/api/search', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q')!);
        return HttpResponse.json({ items: [] });
      }),
    );
    const { user } = renderScreen(<ConversationsInbox />, { path: '/superadmin-reply-message' });
    await screen.findAllByTestId('conversation-row');
    const search = screen.getByPlaceholderText('Search by conversation, project, sender, message…');

    await user.type(search, '  ...  ');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByTestId('inbox-message-search')).not.toBeInTheDocument();
    expect(asked).toEqual([]);

    await user.clear(search);
    await user.type(search, 'quartz');
    expect(await screen.findByText('No message matches.')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('quartz');
    expect(screen.getByText('No conversations yet.')).toBeInTheDocument();
  });

  it('shows the empty state when there are no conversations', async () => {
    stubInbox([]);
    renderScreen(<ConversationsInbox />, { path: '/superadmin-reply-message' });
    expect(await screen.findByText('No conversations yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
