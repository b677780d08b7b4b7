// The messaging journeys: a client writes about a project, the super admin finds it in the inbox and replies in
// the chat dialog, each side sees the other's messages and the ticks move from sent to delivered to read.
// Each test makes its own client and project; only the bootstrap super admin is shared.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { authHeaders, createClient, loginSuperadmin, storageStateFor, uniqueSuffix, type Auth } from './support/accounts';
import { watchConsole, type ConsoleWatch } from './support/console';
import { brandName, createProject, holdReadReceipts, pdfFile, pngFile, textFile, threadOf, type ApiProject } from './support/messaging-api';
import { recordEventStreamFrames } from './support/event-stream';

const INBOX = '/superadmin-reply-message';
const CLIENT_MESSAGES = '/messages';
/** One poll interval (5 s) plus room for the request and the render. */
const WITHIN_A_POLL = { timeout: 9_000 };
/** en-GB day, short month, hour and minute. */
const EN_GB_TIME = /^\d{2} [A-Z][a-z]{2}, \d{2}:\d{2}$/;

type Session = { page: Page; console: ConsoleWatch; close: () => Promise<void> };

/** A browser context of its own per account, so that two people can chat side by side. */
async function openSession(browser: Browser, auth: Auth, baseURL: string, path: string): Promise<Session> {
  const context = await browser.newContext({ baseURL, storageState: storageStateFor(auth, baseURL) });
  const page = await context.newPage();
  const watch = watchConsole(page);
  await page.goto(path);
  return { page, console: watch, close: () => context.close() };
}

async function openClientChat(page: Page, project: ApiProject): Promise<Locator> {
  await page.getByRole('button', { name: `Open chat about ${project.title}` }).click();
  const dialog = page.getByTestId('chat-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Loading messages…')).toHaveCount(0);
  return dialog;
}

function bubble(dialog: Locator, text: string | RegExp): Locator {
  return dialog.getByTestId('chat-message').filter({ hasText: text });
}

function composer(dialog: Locator) {
  return {
    input: dialog.getByPlaceholder('Type a message'),
    files: dialog.getByTestId('chat-file-input'),
    staged: dialog.getByTestId('staged-file'),
    send: dialog.getByRole('button', { name: 'Send' }),
  };
}

test.describe('messaging', () => {
  test('a client writes with an image and a PDF, the super admin replies, and the ticks go sent, delivered, read', async ({
    browser,
    request,
    baseURL,
  }) => {
    const client = await createClient(request, { name: `Chloe ${uniqueSuffix()}` });
    const project = await createProject(request, client);
    const owner = await loginSuperadmin(request);
    const brand = await brandName(request);
    const conversationId = `${project.id}:${client.user.id}`;
    const marker = `moodboard-${uniqueSuffix()}`;
    const clientText = `Here are the mood board and the brief (${marker}).`;

    // The client opens the project's conversation from the Messages page.
    const clientSession = await openSession(browser, client, baseURL!, CLIENT_MESSAGES);
    const clientPage = clientSession.page;
    await expect(clientPage.getByRole('heading', { name: 'Messages' })).toBeVisible();
    const card = clientPage.getByTestId('client-conversation').filter({ hasText: project.title });
    await expect(card).toContainText('No messages yet.');
    const clientChat = await openClientChat(clientPage, project);
    await expect(clientChat.getByTestId('chat-title')).toHaveText(`Chat — ${project.id}`);
    await expect(clientChat.getByTestId('chat-subtitle')).toHaveText(`With: ${brand}`);
    await expect(clientChat.getByText('Polling every 5s')).toBeVisible();

    const clientComposer = composer(clientChat);
    await expect(clientComposer.send).toBeDisabled();
    await clientComposer.files.setInputFiles([pngFile('photo.png'), pdfFile('brief.pdf')]);
    await expect(clientComposer.staged).toHaveCount(2);
    await clientComposer.input.fill(clientText);
    await clientComposer.input.press('Enter');

    const clientMessage = bubble(clientChat, marker);
    await expect(clientMessage).toBeVisible(WITHIN_A_POLL);
    await expect(clientMessage.getByTestId('sent')).toBeVisible();
    // Cleared only after the send succeeded.
    await expect(clientComposer.input).toHaveValue('');
    await expect(clientComposer.staged).toHaveCount(0);

    // The super admin's read receipts are held back so that "delivered" can be seen on the client's side.
    const ownerSession = await openSession(browser, owner, baseURL!, INBOX);
    const ownerPage = ownerSession.page;
    const ownerReads = await holdReadReceipts(ownerPage, 'superadmin');
    await expect(ownerPage.getByPlaceholder('Search by conversation, project, sender, message…')).toBeVisible();
    await expect(ownerPage.getByTestId('inbox-footer')).toHaveText(`Showing all conversations for ${owner.user.id}`);
    const table = ownerPage.getByTestId('conversations-table');
    for (const header of ['Conversation ID', 'Project', 'Sender (id – name)', 'Last message', 'Time', 'Action']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    const row = ownerPage.getByTestId('conversation-row').filter({ hasText: conversationId });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('conversation-preview')).toHaveText(clientText);
    await expect(row.getByTestId('conversation-sender')).toHaveText(`${client.user.id} – ${client.user.name}`);
    await expect(row.getByTestId('conversation-time')).toHaveText(EN_GB_TIME);

    // Search: a case-insensitive substring of the trimmed text; no match shows the empty state.
    const search = ownerPage.getByPlaceholder('Search by conversation, project, sender, message…');
    await search.fill(`  ${marker.toUpperCase()}  `);
    await expect(ownerPage.getByTestId('conversation-row')).toHaveCount(1);
    await expect(ownerPage.getByTestId('conversation-row')).toContainText(conversationId);
    await search.fill(`no-such-conversation-${uniqueSuffix()}`);
    await expect(ownerPage.getByText('No conversations yet.')).toBeVisible();
    await search.fill(conversationId);
    await expect(ownerPage.getByTestId('conversation-row')).toHaveCount(1);

    await row.getByRole('button', { name: 'Reply' }).click();
    const ownerChat = ownerPage.getByTestId('chat-dialog');
    await expect(ownerChat.getByTestId('chat-title')).toHaveText(`Chat — ${project.id}`);
    await expect(ownerChat.getByTestId('chat-subtitle')).toHaveText(`With Client: ${client.user.id}`);
    const received = bubble(ownerChat, marker);
    await expect(received).toBeVisible();
    await expect(received).toHaveAttribute('data-own', 'false');
    const thumbnail = received.getByTestId('attachment-thumbnail');
    await expect(thumbnail).toHaveAttribute('target', '_blank');
    await expect(thumbnail).toHaveAttribute('rel', 'noopener');
    await expect.poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(thumbnail.locator('img')).toHaveAttribute('alt', 'photo.png');
    const chip = received.getByTestId('attachment-chip');
    await expect(chip).toHaveText('brief.pdf');
    await expect(chip).toHaveAttribute('target', '_blank');
    await expect(chip).toHaveAttribute('rel', 'noopener');
    const pdf = await ownerPage.request.get((await chip.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Delivered (grey double tick) on the client's side while the read receipt is held, then read (blue).
    await expect(clientMessage.getByTestId('delivered')).toBeVisible(WITHIN_A_POLL);
    await ownerReads.release();
    await expect(clientMessage.getByTestId('read')).toBeVisible(WITHIN_A_POLL);

    // The super admin answers with Enter; the client sees it within a poll interval.
    const clientReads = await holdReadReceipts(clientPage, 'client');
    const answer = `Thanks, we will start on Monday (${uniqueSuffix()}).`;
    await composer(ownerChat).input.fill(answer);
    await composer(ownerChat).input.press('Enter');
    const sentAnswer = bubble(ownerChat, answer);
    await expect(sentAnswer).toHaveAttribute('data-own', 'true', WITHIN_A_POLL);
    // At least sent: the client's open chat may already have it (pushed) and marked it delivered.
    await expect(sentAnswer.getByTestId(/^(sent|delivered)$/)).toBeVisible();
    await expect(composer(ownerChat).input).toHaveValue('');

    const answerOnClient = bubble(clientChat, answer);
    await expect(answerOnClient).toBeVisible(WITHIN_A_POLL);
    await expect(answerOnClient).toHaveAttribute('data-own', 'false');
    await expect(sentAnswer.getByTestId('delivered')).toBeVisible(WITHIN_A_POLL);
    await clientReads.release();
    await expect(sentAnswer.getByTestId('read')).toBeVisible(WITHIN_A_POLL);

    // Hovering a bubble shows its delivered and read times.
    await sentAnswer.getByTestId('chat-bubble').hover();
    await expect(ownerPage.getByRole('tooltip')).toContainText(/Delivered: \d{2} [A-Z][a-z]{2}, \d{2}:\d{2}/);
    await expect(ownerPage.getByRole('tooltip')).toContainText(/Read: \d{2} [A-Z][a-z]{2}, \d{2}:\d{2}/);

    expect(clientSession.console.problems()).toEqual([]);
    expect(ownerSession.console.problems()).toEqual([]);
    await clientSession.close();
    await ownerSession.close();
  });

  test('the composer: files only are sent as (attachment), oversized and extra files are skipped, Shift+Enter and HTML stay text', async ({
    browser,
    request,
    baseURL,
  }) => {
    const client = await createClient(request);
    const project = await createProject(request, client);
    const conversationId = `${project.id}:${client.user.id}`;
    const session = await openSession(browser, client, baseURL!, CLIENT_MESSAGES);
    const chat = await openClientChat(session.page, project);
    const { input, files, staged, send } = composer(chat);

    // An 11 MB file is skipped silently; the small one next to it is staged.
    await files.setInputFiles([
      { name: 'too-big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(11 * 1024 * 1024, 1) },
      textFile('notes-1.txt'),
    ]);
    await expect(staged).toHaveCount(1);
    await expect(staged).toContainText('notes-1.txt');
    await expect(chat.getByText('too-big.bin')).toHaveCount(0);

    // Ten at most: of ten more, nine fit and the last is dropped.
    await files.setInputFiles(Array.from({ length: 10 }, (_, i) => textFile(`notes-${i + 2}.txt`)));
    await expect(staged).toHaveCount(10);
    await expect(staged.filter({ hasText: 'notes-11.txt' })).toHaveCount(0);

    // Staged files can be removed one by one.
    await staged.filter({ hasText: 'notes-10.txt' }).locator('.MuiChip-deleteIcon').click();
    await expect(staged).toHaveCount(9);
    await expect(staged.filter({ hasText: 'notes-10.txt' })).toHaveCount(0);

    // No text, only files: the content sent is '(attachment)'.
    await expect(send).toBeEnabled();
    await send.click();
    await expect(staged).toHaveCount(0, WITHIN_A_POLL);
    await expect(chat.getByTestId('chat-message')).toHaveCount(1, WITHIN_A_POLL);
    await expect(chat.getByTestId('attachment-chip')).toHaveCount(9);
    let thread = await threadOf(request, client, conversationId);
    expect(thread).toHaveLength(1);
    expect(thread[0].message_content).toBe('(attachment)');
    expect(thread[0].message_attachments.map((a) => a.name)).toEqual([
      'notes-1.txt',
      'notes-2.txt',
      'notes-3.txt',
      'notes-4.txt',
      'notes-5.txt',
      'notes-6.txt',
      'notes-7.txt',
      'notes-8.txt',
      'notes-9.txt',
    ]);

    // Blank text cannot be sent.
    await input.fill('   ');
    await expect(send).toBeDisabled();

    // Shift+Enter adds a line; Enter sends.
    await input.fill('');
    await input.pressSequentially('first line');
    await input.press('Shift+Enter');
    await input.pressSequentially('second line');
    await expect(input).toHaveValue('first line\nsecond line');
    await input.press('Enter');
    const twoLines = bubble(chat, 'second line');
    await expect(twoLines).toBeVisible(WITHIN_A_POLL);
    await expect(twoLines.getByTestId('message-text')).toHaveText('first line\nsecond line');

    // Markup is shown as text, never run or rendered.
    const markup = '<img src=x onerror="window.__injected=1"><b>bold</b><script>window.__injected=2</script>';
    await input.fill(markup);
    await input.press('Enter');
    const markupBubble = bubble(chat, '<b>bold</b>');
    await expect(markupBubble).toBeVisible(WITHIN_A_POLL);
    await expect(markupBubble.getByTestId('message-text')).toHaveText(markup);
    await expect(markupBubble.locator('b, img, script')).toHaveCount(0);
    expect(await session.page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();

    thread = await threadOf(request, client, conversationId);
    expect(thread.map((m) => m.message_content)).toEqual(['(attachment)', 'first line\nsecond line', markup]);

    // The inbox shows the markup as text too.
    const owner = await loginSuperadmin(request);
    const ownerSession = await openSession(browser, owner, baseURL!, INBOX);
    const row = ownerSession.page.getByTestId('conversation-row').filter({ hasText: conversationId });
    await expect(row.getByTestId('conversation-preview')).toHaveText(markup);
    await expect(row.getByTestId('conversation-preview').locator('b, img, script')).toHaveCount(0);

    expect(session.console.problems()).toEqual([]);
    expect(ownerSession.console.problems()).toEqual([]);
    await session.close();
    await ownerSession.close();
  });

  test('a message with only files reads (attachment) in the inbox', async ({ browser, request, baseURL }) => {
    const client = await createClient(request);
    const project = await createProject(request, client);
    const conversationId = `${project.id}:${client.user.id}`;
    const session = await openSession(browser, client, baseURL!, CLIENT_MESSAGES);
    const chat = await openClientChat(session.page, project);
    await composer(chat).files.setInputFiles([pngFile('only-a-picture.png')]);
    await composer(chat).send.click();
    await expect(chat.getByTestId('attachment-thumbnail')).toBeVisible(WITHIN_A_POLL);
    await expect(chat.getByTestId('message-text')).toHaveCount(0);

    const owner = await loginSuperadmin(request);
    const ownerSession = await openSession(browser, owner, baseURL!, INBOX);
    const row = ownerSession.page.getByTestId('conversation-row').filter({ hasText: conversationId });
    await expect(row.getByTestId('conversation-preview')).toHaveText('(attachment)');
    await expect(row.getByTestId('conversation-sender')).toHaveText(`${client.user.id} – ${client.user.name}`);

    expect(session.console.problems()).toEqual([]);
    expect(ownerSession.console.problems()).toEqual([]);
    await session.close();
    await ownerSession.close();
  });

  test('a new message reaches the open inbox through the event stream, well before the next poll', async ({ browser, request, baseURL }) => {
    const client = await createClient(request);
    const project = await createProject(request, client);
    const conversationId = `${project.id}:${client.user.id}`;
    const owner = await loginSuperadmin(request);
    const context = await browser.newContext({ baseURL, storageState: storageStateFor(owner, baseURL!) });
    // What the page's event stream received, and when: a failure then shows whether the push reached the browser.
    await context.addInitScript(recordEventStreamFrames);
    const page = await context.newPage();
    const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
    await page.goto(INBOX);
    await streamOpen;
    // Right after a poll of the inbox the next one is ten seconds away: an update within eight seconds is the push
    // (it usually takes about 300 ms; the margin is for a loaded machine, and a lost push still fails here).
    await page.waitForResponse((r) => new URL(r.url()).pathname === '/api/superadmin/conversations' && r.ok(), { timeout: 15_000 });
    // What the inbox's refreshes answered after the send: a failure then shows whether the page asked again and what it got.
    const inboxAnswers: string[] = [];
    const sentAt = Date.now();
    page.on('response', (r) => {
      if (new URL(r.url()).pathname !== '/api/superadmin/conversations') return;
      const at = Date.now() - sentAt;
      void r
        .text()
        .then((body) =>
          inboxAnswers.push(
            `  ${at} ms after the send: ${r.status()}, ${body.length} bytes, ${body.includes(`"${conversationId}"`) ? 'with' : 'without'} the conversation`,
          ),
        )
        .catch((e: Error) => inboxAnswers.push(`  ${at} ms after the send: ${r.status()}, body unread (${e.message})`));
    });
    const sent = await request.post('/api/client/send-message', {
      headers: authHeaders(client),
      data: { sender_id: client.user.id, receiver_id: owner.user.id, conversation_id: conversationId, message_content: 'Pushed, not polled' },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const row = page.getByTestId('conversation-row').filter({ hasText: conversationId });
    const framesSinceSend = async () =>
      (await page.evaluate(() => (window as unknown as { eventStreamFrames: { at: number; text: string }[] }).eventStreamFrames))
        .filter((f) => f.at >= sentAt)
        .map((f) => `  ${f.at - sentAt} ms after the send: ${JSON.stringify(f.text.slice(0, 300))}`)
        .join('\n');
    try {
      await expect(row.getByTestId('conversation-preview')).toHaveText('Pushed, not polled', { timeout: 8_000 });
    } catch (err) {
      const received = await framesSinceSend();
      const rows = await page.getByTestId('conversation-row').count();
      throw new Error(
        `${(err as Error).message}\nWhat the page's event stream received since the send:\n${received || '  nothing'}\n` +
          `What the inbox answered since the send:\n${inboxAnswers.join('\n') || '  nothing'}\nRows on the page: ${rows}`,
        { cause: err },
      );
    }
    console.log(`inbox showed the message ${Date.now() - sentAt} ms after it was sent; the stream received:\n${await framesSinceSend()}`);
    await context.close();
  });
});
