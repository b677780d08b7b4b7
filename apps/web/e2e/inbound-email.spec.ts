// Replies by e-mail: the super admin writes in a project's conversation, the client answers the e-mail about it
// from their mail program, and the answer appears in the super admin's open chat through the event stream, marked
// "via e-mail". The client's mail reaches the server as a provider's inbound webhook would hand it over: the raw
// message posted to /api/inbound-email with the server's secret (scripts/e2e-server.mjs).
import { expect, test } from '@playwright/test';
import { authHeaders, createClient, loginSuperadmin, storageStateFor, uniqueSuffix } from './support/accounts';
import { watchConsole } from './support/console';
import { INBOUND_EMAIL_SECRET, waitForMail } from './support/mailbox';
import { createProject, threadOf } from './support/messaging-api';
import { recordEventStreamFrames } from './support/event-stream';

const INBOX = '/superadmin-reply-message';

/** A plain-text reply as Gmail writes it: the answer, then the quote line and the quoted history. */
function gmailReply(input: { from: string; to: string; subject: string; answer: string; quoted: string }): string {
  return [
    `From: ${input.from}`,
    `To: ${input.to}`,
    `Subject: Re: ${input.subject}`,
    'Date: Fri, 27 Nov 2026 10:15:00 +0000',
    `Message-ID: <${uniqueSuffix()}@mail.e2e.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    input.answer,
    '',
    'On Fri, 27 Nov 2026 at 10:01, Agency <no-reply@e2e.test> wrote:',
    ...input.quoted.split('\n').map((line) => `> ${line}`),
    '',
  ].join('\r\n');
}

test.describe('replies by e-mail', () => {
  test('the client answers the chat e-mail and the answer reaches the open chat through the event stream', async ({ browser, request, baseURL }) => {
    const client = await createClient(request, { name: `Mila ${uniqueSuffix()}` });
    const project = await createProject(request, client);
    const conversationId = `${project.id}:${client.user.id}`;
    const owner = await loginSuperadmin(request);
    const question = await request.post('/api/client/send-message', {
      headers: authHeaders(client),
      data: { sender_id: client.user.id, receiver_id: owner.user.id, conversation_id: conversationId, message_content: 'Can we add a blog?' },
    });
    expect(question.ok(), await question.text()).toBe(true);

    // The super admin opens the conversation from the inbox and writes.
    const context = await browser.newContext({ baseURL, storageState: storageStateFor(owner, baseURL!) });
    await context.addInitScript(recordEventStreamFrames);
    const page = await context.newPage();
    const consoleWatch = watchConsole(page);
    const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
    await page.goto(INBOX);
    await streamOpen;
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await page.getByTestId('conversation-row').filter({ hasText: conversationId }).getByRole('button', { name: 'Reply' }).click();
    const chat = page.getByTestId('chat-dialog');
    await expect(chat.getByTestId('chat-message').filter({ hasText: 'Can we add a blog?' })).toBeVisible();
    const marker = uniqueSuffix();
    const ownerText = `Yes: a blog is two more pages (${marker}). Shall I add it to the proposal?`;
    await chat.getByPlaceholder('Type a message').fill(ownerText);
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect(chat.getByTestId('chat-message').filter({ hasText: marker })).toBeVisible();

    // The client is mailed the message with a reply address of their own in this conversation.
    const mail = await waitForMail(client.user.email, new RegExp(`An unread message about ${project.title}`));
    expect(mail.text).toContain(ownerText);
    expect(mail.text).toContain('Reply to this e-mail to answer in the conversation');
    expect(mail.replyTo).toMatch(/^reply\+[0-9]+-[0-9a-f]{32}@reply\.e2e\.test$/);

    // The client answers from their mail program; the provider hands the raw message to the webhook.
    const answer = `Please add it (${marker}), and a newsletter sign-up.`;
    const sentAt = await page.evaluate(() => Date.now());
    const response = await request.post('/api/inbound-email', {
      headers: { authorization: `Bearer ${INBOUND_EMAIL_SECRET}`, 'content-type': 'message/rfc822' },
      data: gmailReply({ from: `${client.user.name} <${client.user.email}>`, to: mail.replyTo!, subject: mail.subject, answer, quoted: mail.text }),
    });
    const posted = (await response.json()) as { status: string; message_id?: number; conversation_id?: string };
    expect(response.status(), JSON.stringify(posted)).toBe(200);
    expect(posted).toMatchObject({ status: 'posted', conversation_id: conversationId });

    // The open chat shows it without a reload: the event stream's message.sent makes the thread refetch.
    const reply = chat.getByTestId('chat-message').filter({ hasText: 'newsletter sign-up' });
    await expect(reply).toBeVisible();
    await expect(reply.getByTestId('message-text')).toHaveText(answer);
    await expect(reply.getByTestId('message-via')).toHaveText('via e-mail ·');
    await expect(reply).toHaveAttribute('data-own', 'false');
    const frames = await page.evaluate(() => (window as unknown as { eventStreamFrames: { at: number; text: string }[] }).eventStreamFrames);
    const pushed = frames.filter((f) => f.at >= sentAt && f.text.includes('message.sent') && f.text.includes(conversationId));
    expect(pushed, `the event stream since the reply was posted:\n${frames.map((f) => f.text.slice(0, 200)).join('\n')}`).not.toHaveLength(0);
    expect(navigations).toBe(0);

    // Posted as the client, text above the quote line only.
    const thread = await threadOf(request, owner, conversationId);
    const stored = thread.find((m) => m.id === posted.message_id);
    expect(stored).toMatchObject({ sender_id: client.user.id, message_content: answer });
    expect(consoleWatch.problems()).toEqual([]);
    await context.close();
  });
});
