import { STORAGE_KEY_USER_ID, type Message } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isConversationOnScreen } from '../../../lib/open-conversation';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ChatDialog } from './chat-dialog';

const ME = '1';
const CLIENT = '7';
const CONVERSATION = '12:7';

function ownMessage(id: number, content: string): Message {
  return {
    id,
    conversation_id: CONVERSATION,
    sender_id: ME,
    receiver_id: CLIENT,
    message_content: content,
    message_attachments: [],
    timestamp: '2025-03-05T14:07:00.000Z',
    delivered_at: null,
    read_at: null,
    is_read: 0,
    sender_name: 'Sam Sender',
  };
}

/** An empty conversation whose sends are answered by `onSend`; later polls bring back what was stored. */
function stubServer(onSend: (body: { message_content: string }) => Response | Promise<Response>) {
  const stored: Message[] = [];
  const sends: { message_content: string }[] = [];
  server.use(
    http.get('/api/superadmin/messages/thread', () => HttpResponse.json({ messages: [] })),
    http.get('/api/superadmin/get-all-messages', () => HttpResponse.json({ messages: stored })),
    http.post('/api/messages/uploads', async ({ request }) => {
      const files = (await request.formData()).getAll('files') as File[];
      return HttpResponse.json({ attachments: files.map((f, i) => ({ name: f.name, mime: f.type, size: f.size, stored_filename: `s${i}` })) });
    }),
    http.post('/api/superadmin/send-message', async ({ request }) => {
      const body = (await request.json()) as { message_content: string };
      sends.push(body);
      const response = await onSend(body);
      if (response.ok) stored.push(ownMessage(100 + stored.length, body.message_content));
      return response;
    }),
  );
  return { sends };
}

function openChat() {
  const rendered = renderScreen(
    <ChatDialog open onClose={() => undefined} side="superadmin" target={{ conversationId: CONVERSATION, otherUserId: CLIENT, projectId: '12' }} />,
  );
  const dialog = screen.getByTestId('chat-dialog');
  return {
    ...rendered,
    dialog,
    input: within(dialog).getByRole('textbox', { name: 'Message' }),
    send: within(dialog).getByRole('button', { name: 'Send' }),
  };
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEY_USER_ID, ME);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // jsdom has no object URLs; the composer previews staged images with them.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => vi.restoreAllMocks());

describe('chat dialog', () => {
  it('marks its conversation as on screen while it is open (its notifications are not toasted), and no longer once closed', async () => {
    stubServer(() => HttpResponse.json({}, { status: 201 }));
    const { unmount } = openChat();
    expect(isConversationOnScreen(CONVERSATION)).toBe(true);
    expect(isConversationOnScreen('13:7')).toBe(false);
    unmount();
    expect(isConversationOnScreen(CONVERSATION)).toBe(false);
  });

  it('shows the SPEC title, subtitle and polling hint, and sends with Enter', async () => {
    const { sends } = stubServer(() => HttpResponse.json({}, { status: 201 }));
    const { dialog, input, user } = openChat();

    expect(within(dialog).getByTestId('chat-title')).toHaveTextContent('Chat — 12');
    expect(within(dialog).getByTestId('chat-subtitle')).toHaveTextContent(`With Client: ${CLIENT}`);
    expect(within(dialog).getByText('Polling every 5s')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText('Loading messages…')).not.toBeInTheDocument());

    await user.type(input, 'First line{Shift>}{Enter}{/Shift}second line{Enter}');

    await waitFor(() => expect(sends).toEqual([expect.objectContaining({ message_content: 'First line\nsecond line' })]));
    expect(await within(dialog).findByText(/First line/)).toBeInTheDocument();
  });

  it('clears the text and the staged files only once the message is sent', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    stubServer(async () => {
      await held;
      return HttpResponse.json({}, { status: 201 });
    });
    const { dialog, input, send, user } = openChat();
    await waitFor(() => expect(within(dialog).queryByText('Loading messages…')).not.toBeInTheDocument());

    expect(send).toBeDisabled();
    await user.upload(within(dialog).getByTestId('chat-file-input'), [
      new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' }),
      new File(['png'], 'photo.png', { type: 'image/png' }),
    ]);
    expect(
      within(dialog)
        .getAllByTestId('staged-file')
        .map((chip) => chip.textContent),
    ).toEqual(['brief.pdf · 8 B', 'photo.png · 3 B']);
    await user.type(input, 'Here are the files');
    await user.click(send);

    // In flight: the composer keeps everything and Send cannot be pressed again.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled());
    expect(input).toHaveValue('Here are the files');
    expect(within(dialog).getAllByTestId('staged-file')).toHaveLength(2);

    release();
    await waitFor(() => expect(input).toHaveValue(''));
    expect(within(dialog).queryAllByTestId('staged-file')).toHaveLength(0);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('keeps the text and the staged files when the send fails', async () => {
    stubServer(() => HttpResponse.json({ error: 'Something went wrong on our side', code: 'INTERNAL' }, { status: 500 }));
    const { dialog, input, send, user } = openChat();
    await waitFor(() => expect(within(dialog).queryByText('Loading messages…')).not.toBeInTheDocument());

    await user.upload(within(dialog).getByTestId('chat-file-input'), new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' }));
    await user.type(input, 'Will this arrive?');
    await user.click(send);

    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Failed to send the message', expect.anything()));
    expect(input).toHaveValue('Will this arrive?');
    expect(within(dialog).getAllByTestId('staged-file')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('keeps an unsent draft per conversation when the dialog closes, and forgets it once sent', async () => {
    stubServer(() => HttpResponse.json({}, { status: 201 }));
    const first = openChat();
    await first.user.type(first.input, 'Half a thought');
    first.unmount();

    const again = openChat();
    expect(again.input).toHaveValue('Half a thought');
    await waitFor(() => expect(within(again.dialog).queryByText('Loading messages…')).not.toBeInTheDocument());
    await again.user.type(again.input, ', finished{Enter}');
    await waitFor(() => expect(again.input).toHaveValue(''));
    again.unmount();

    const third = openChat();
    expect(third.input).toHaveValue('');
  });
});

describe('a company’s thread', () => {
  const at = (minute: string) => `2025-03-05T14:${minute}:00.000Z`;
  /** A message already delivered and read, as the API sends it, with the company thread's sender name. */
  function message(id: number, senderId: string, senderName: string, content: string, extra: Record<string, unknown> = {}): Message {
    return {
      id,
      conversation_id: CONVERSATION,
      sender_id: senderId,
      receiver_id: senderId === ME ? CLIENT : ME,
      message_content: content,
      message_attachments: [],
      timestamp: at(String(id).padStart(2, '0')),
      delivered_at: at('08'),
      read_at: at('09'),
      is_read: 1,
      sender_name: senderName,
      ...extra,
    } as Message;
  }

  function serveThread(side: 'superadmin' | 'client', messages: Message[]) {
    server.use(
      http.get(`/api/${side}/messages/thread`, () => HttpResponse.json({ messages })),
      http.get(`/api/${side}/get-all-messages`, () => HttpResponse.json({ messages: [] })),
    );
  }

  it('names the sender of every message, and the super admin’s tooltip lists who of the company read it and when', async () => {
    serveThread('superadmin', [
      message(1, CLIENT, 'Olga Owner', 'Can we move the launch?'),
      message(2, '9', 'Mia Member', 'And add a booking page?'),
      message(3, ME, 'Olivia Owner', 'Yes to both.', {
        read_by: [
          { user_id: '9', name: 'Mia Member', read_at: at('20') },
          { user_id: CLIENT, name: 'Olga Owner', read_at: at('09') },
        ],
      }),
    ]);
    const { dialog, user } = openChat();
    const bubbles = await within(dialog).findAllByTestId('chat-message');
    expect(bubbles.map((bubble) => within(bubble).getByTestId('message-sender').textContent)).toEqual(['Olga Owner', 'Mia Member', 'You']);
    expect(bubbles.map((bubble) => bubble.getAttribute('data-own'))).toEqual(['false', 'false', 'true']);
    // SPEC's ticks are unchanged: the super admin's message is read once anyone of the company has read it.
    expect(within(bubbles[2]).getByTestId('read')).toBeInTheDocument();

    await user.hover(within(bubbles[2]).getByTestId('chat-bubble'));
    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByTestId('message-receipts')).toHaveTextContent(
      'Delivered: 05 Mar, 14:08Read: 05 Mar, 14:09Read by:Olga Owner, 05 Mar, 14:09Mia Member, 05 Mar, 14:20',
    );
    expect(
      within(tooltip)
        .getAllByTestId('message-reader')
        .map((line) => line.textContent),
    ).toEqual(['Olga Owner, 05 Mar, 14:09', 'Mia Member, 05 Mar, 14:20']);
  });

  it('marks a reply that came by e-mail, and only that one', async () => {
    serveThread('superadmin', [
      message(1, CLIENT, 'Olga Owner', 'Answered from my phone.', { via: 'email' }),
      message(2, CLIENT, 'Olga Owner', 'Written in the app.'),
    ]);
    const { dialog } = openChat();
    const bubbles = await within(dialog).findAllByTestId('chat-message');
    expect(within(bubbles[0]).getByTestId('message-via')).toHaveTextContent('via e-mail');
    expect(within(bubbles[1]).queryByTestId('message-via')).toBeNull();
  });

  it('keeps SPEC’s two receipt lines alone when nobody has read the message yet', async () => {
    serveThread('superadmin', [message(3, ME, 'Olivia Owner', 'Are you there?', { read_at: null, is_read: 0, read_by: [] })]);
    const { dialog, user } = openChat();
    const bubble = await within(dialog).findByTestId('chat-message');
    expect(within(bubble).getByTestId('delivered')).toBeInTheDocument();
    await user.hover(within(bubble).getByTestId('chat-bubble'));
    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByTestId('message-receipts')).toHaveTextContent(/^Delivered: 05 Mar, 14:08Read: —$/);
    expect(within(tooltip).queryByTestId('message-readers')).toBeNull();
  });

  it('records this person’s read of the super admin’s message a colleague read first, and leaves the colleague’s message alone', async () => {
    localStorage.setItem(STORAGE_KEY_USER_ID, '9');
    const marked: string[] = [];
    const readByOlga = { read_by: [{ user_id: CLIENT, name: 'Olga Owner', read_at: at('09') }] };
    serveThread('client', [
      message(1, CLIENT, 'Olga Owner', 'Can we move the launch?', { receiver_id: ME, delivered_at: null, read_at: null, is_read: 0 }),
      message(2, ME, 'Olivia Owner', 'Yes.', { receiver_id: CLIENT, ...readByOlga }),
    ]);
    server.use(
      http.put('/api/client/messages/:id/:what', ({ params }) => {
        marked.push(`${params.id} ${params.what}`);
        const reader = { user_id: '9', name: 'Mia Member', read_at: at('30') };
        return HttpResponse.json({
          message: message(2, ME, 'Olivia Owner', 'Yes.', { receiver_id: CLIENT, read_by: [...readByOlga.read_by, reader] }),
        });
      }),
    );
    renderScreen(
      <ChatDialog
        open
        onClose={() => undefined}
        side="client"
        target={{ conversationId: CONVERSATION, otherUserId: ME, projectId: '12' }}
        counterpartName="Studio"
      />,
    );
    await waitFor(() => expect(marked).toEqual(['2 read']));
    expect(console.error).not.toHaveBeenCalled();
  });

  it('shows a colleague’s messages under their name on the client’s side, the own ones as "You"', async () => {
    localStorage.setItem(STORAGE_KEY_USER_ID, '9');
    serveThread('client', [
      message(1, CLIENT, 'Olga Owner', 'Can we move the launch?'),
      message(2, '9', 'Mia Member', 'And add a booking page?'),
      message(3, ME, 'Olivia Owner', 'Yes to both.'),
    ]);
    renderScreen(
      <ChatDialog
        open
        onClose={() => undefined}
        side="client"
        target={{ conversationId: CONVERSATION, otherUserId: ME, projectId: '12' }}
        counterpartName="Studio"
      />,
    );
    const dialog = screen.getByTestId('chat-dialog');
    const bubbles = await within(dialog).findAllByTestId('chat-message');
    expect(bubbles.map((bubble) => within(bubble).getByTestId('message-sender').textContent)).toEqual(['Olga Owner', 'You', 'Olivia Owner']);
    expect(bubbles.map((bubble) => bubble.getAttribute('data-own'))).toEqual(['false', 'true', 'false']);
  });
});
