import { STORAGE_KEY_USER_ID, type Conversation, type Message } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ChatDialog } from './chat-dialog';
import { ConversationsInbox } from './conversations-inbox';

const ME = '1';

const conversations: Conversation[] = [
  {
    conversation_id: '12:7',
    project_id: '12',
    other_user_id: '7',
    last_message_preview: '',
    last_sender_id: '7',
    last_sender_name: 'Clara Client',
    last_message_time: '2025-03-05T14:07:00.000Z',
    last_message_attachments: [{ name: 'plan.pdf', mime: 'application/pdf', size: 1 }],
    unread_count: 3,
  },
];

const reply: Message = {
  id: 5,
  conversation_id: '12:7',
  sender_id: '7',
  receiver_id: ME,
  message_content: 'Is the plan ready?',
  message_attachments: [],
  timestamp: '2025-03-05T14:07:00.000Z',
  delivered_at: '2025-03-05T14:08:00.000Z',
  read_at: null,
  is_read: 1,
  sender_name: 'Clara Client',
  via: 'email',
};

beforeEach(async () => {
  localStorage.setItem(STORAGE_KEY_USER_ID, ME);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  server.use(
    http.get('/api/superadmin/conversations', () => HttpResponse.json({ conversations })),
    http.get('/api/superadmin/messages/thread', () => HttpResponse.json({ messages: [reply] })),
    http.get('/api/superadmin/get-all-messages', () => HttpResponse.json({ messages: [] })),
    http.put('/api/superadmin/messages/:id/delivered', () => HttpResponse.json({ message: reply })),
    http.put('/api/superadmin/messages/:id/read', () => HttpResponse.json({ message: reply })),
  );
  await setLocale('de');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await setLocale('en-GB');
});

describe('messaging in German', { timeout: 20_000 }, () => {
  it('shows the inbox’s columns, search, unread count, preview and footer in German', async () => {
    renderScreen(<ConversationsInbox />, { path: '/superadmin-reply-message' });

    const row = await screen.findByTestId('conversation-row');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Avatar',
      'Gesprächs-ID',
      'Projekt',
      'Absender (ID – Name)',
      'Letzte Nachricht',
      'Zeit',
      'Aktion',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Gespräche durchsuchen' })).toHaveAttribute(
      'placeholder',
      'Nach Gespräch, Projekt, Absender, Nachricht suchen…',
    );
    expect(within(row).getByTestId('conversation-unread')).toHaveTextContent('3 ungelesen');
    expect(within(row).getByTestId('conversation-preview')).toHaveTextContent('(Anhang)');
    expect(within(row).getByRole('button', { name: 'Antworten' })).toBeEnabled();
    expect(screen.getByTestId('inbox-footer')).toHaveTextContent('Alle Gespräche für 1');
  });

  it('shows the chat’s title, hint, composer and an e-mailed reply in German', async () => {
    renderScreen(
      <ChatDialog open onClose={() => undefined} side="superadmin" target={{ conversationId: '12:7', otherUserId: '7', projectId: '12' }} />,
    );
    const dialog = screen.getByTestId('chat-dialog');

    expect(within(dialog).getByTestId('chat-title')).toHaveTextContent('Chat — 12');
    expect(within(dialog).getByTestId('chat-subtitle')).toHaveTextContent('Mit dem Kunden: 7');
    expect(within(dialog).getByText('Aktualisierung alle 5 s')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Nachricht' })).toHaveAttribute('placeholder', 'Nachricht eingeben');
    expect(within(dialog).getByRole('button', { name: 'Senden' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Anhängen' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Chat schließen' })).toBeInTheDocument();
    expect(await within(dialog).findByTestId('message-via')).toHaveTextContent('per E-Mail ·');
    expect(within(dialog).getByTestId('message-text')).toHaveTextContent('Is the plan ready?');
  });
});
