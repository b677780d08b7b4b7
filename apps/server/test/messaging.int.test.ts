import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { conversationSchema } from '@agency/schema';
import { call, createTestApp, signInEveryRole, signupClient, type TestApp } from './helpers.js';

let t: TestApp;
let who: Awaited<ReturnType<typeof signInEveryRole>>;
let projectId: string;
let conversationId: string;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 2)]);
const PDF = Buffer.from('%PDF-1.4\n% test document\n');
const dataUrl = (buf: Buffer, mime = 'application/octet-stream') => `data:${mime};base64,${buf.toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp();
  who = await signInEveryRole(t.app);
  const res = await call(t.app, 'POST', '/projects', {
    token: who.client.token,
    body: { title: 'Brand refresh', description: 'New logo and colour palette.' },
  });
  projectId = res.body.project.id;
  conversationId = `${projectId}:${who.client.user.id}`;
});
afterAll(async () => t.close());

function clientSend(content: string, extra: Record<string, unknown> = {}) {
  return call(t.app, 'POST', '/client/send-message', {
    token: who.client.token,
    body: { sender_id: who.client.user.id, receiver_id: who.superadmin.user.id, message_content: content, conversation_id: conversationId, ...extra },
  });
}

function ownerSend(content: string, extra: Record<string, unknown> = {}) {
  return call(t.app, 'POST', '/superadmin/send-message', {
    token: who.superadmin.token,
    body: { sender_id: who.superadmin.user.id, receiver_id: who.client.user.id, message_content: content, conversation_id: conversationId, ...extra },
  });
}

describe('conversations', () => {
  it("a client's conversation exists before the first message; the inbox lists only conversations with messages", async () => {
    const client = await signupClient(t.app);
    const created = await call(t.app, 'POST', '/projects', {
      token: client.token,
      body: { title: 'Quiet project', description: 'Nobody has written about it yet.' },
    });
    expect(created.status).toBe(201);
    const quiet = `${created.body.project.id}:${client.user.id}`;
    const mine = await call(t.app, 'GET', '/client/conversations', { token: client.token, query: { user_id: client.user.id } });
    expect(mine.status).toBe(200);
    expect(mine.body.conversations).toEqual([
      expect.objectContaining({
        conversation_id: quiet,
        project_id: created.body.project.id,
        other_user_id: who.superadmin.user.id,
        other_user_name: who.superadmin.user.name,
        last_message_preview: null,
        unread_count: 0,
      }),
    ]);
    const inbox = await call(t.app, 'GET', '/superadmin/conversations', { token: who.superadmin.token, query: { user_id: who.superadmin.user.id } });
    expect(inbox.status).toBe(200);
    expect(inbox.body.conversations.map((c: { conversation_id: string }) => c.conversation_id)).not.toContain(quiet);
  });

  it('answers 403 when user_id is not the caller', async () => {
    const res = await call(t.app, 'GET', '/superadmin/conversations', { token: who.superadmin.token, query: { user_id: who.client.user.id } });
    expect(res.status).toBe(403);
    const poll = await call(t.app, 'GET', '/client/get-all-messages', { token: who.client.token, query: { user_id: who.otherClient.user.id } });
    expect(poll.status).toBe(403);
  });

  it('sends with data-URL attachments, detects types, and updates the inbox row', async () => {
    const res = await clientSend('Here is the brief', {
      message_attachments: [
        { name: 'mock.png', mime: 'image/png', size: PNG.length, data: dataUrl(PNG, 'image/png') },
        { name: 'brief.pdf', mime: 'application/pdf', size: PDF.length, data: dataUrl(PDF) },
        { name: 'mystery.bin', mime: 'text/html', size: 3, data: dataUrl(Buffer.from([0, 1, 2])) },
      ],
    });
    expect(res.status).toBe(201);
    const msg = res.body.message;
    expect(msg).toMatchObject({
      sender_id: who.client.user.id,
      receiver_id: who.superadmin.user.id,
      message_content: 'Here is the brief',
      is_read: 0,
      delivered_at: null,
      read_at: null,
    });
    expect(msg.message_attachments.map((a: { mime: string }) => a.mime)).toEqual(['image/png', 'application/pdf', 'application/octet-stream']);
    const inbox = await call(t.app, 'GET', '/superadmin/conversations', { token: who.superadmin.token, query: { user_id: who.superadmin.user.id } });
    // Found by id: other tests' conversations may share its last message time on the test clock.
    const row = inbox.body.conversations.find((c: { conversation_id: string }) => c.conversation_id === conversationId);
    expect(row).toMatchObject({
      conversation_id: conversationId,
      project_id: projectId,
      other_user_id: who.client.user.id,
      other_user_name: who.client.user.name,
      project_title: 'Brand refresh',
      last_message_preview: 'Here is the brief',
      last_sender_id: who.client.user.id,
      last_sender_name: who.client.user.name,
    });
    expect(row.last_message_attachments).toHaveLength(3);
    const image = await t.app.inject({ method: 'GET', url: msg.message_attachments[0].url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-disposition']).toMatch(/^inline/);
    const pdf = await t.app.inject({ method: 'GET', url: msg.message_attachments[1].url });
    expect(pdf.headers['content-disposition']).toMatch(/^attachment/);
    const path = `/api/messages/attachments/${msg.message_attachments[0].stored_filename}`;
    const stranger = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${who.otherClient.token}` } });
    expect(stranger.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: path });
    expect(anonymous.statusCode).toBe(404);
    const receiver = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${who.superadmin.token}` } });
    expect(receiver.statusCode).toBe(200);
  });

  it('sends (attachment) when only files are attached, with an empty inbox preview', async () => {
    const res = await ownerSend('   ', { message_attachments: [{ name: 'a.png', mime: 'image/png', size: PNG.length, data: dataUrl(PNG) }] });
    expect(res.body.message.message_content).toBe('(attachment)');
    const inbox = await call(t.app, 'GET', '/superadmin/conversations', { token: who.superadmin.token, query: { user_id: who.superadmin.user.id } });
    const row = inbox.body.conversations.find((c: { conversation_id: string }) => c.conversation_id === conversationId);
    expect(row.last_message_preview).toBe('');
    expect(row.last_message_attachments).toHaveLength(1);
  });

  it('refuses 11 attachments and an attachment over 10 MB with 413, storing nothing', async () => {
    const before = await call(t.app, 'GET', '/client/messages/thread', { token: who.client.token, query: { conversation_id: conversationId } });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: dataUrl(Buffer.from('x')) }));
    const tooMany = await clientSend('too many', { message_attachments: eleven });
    expect(tooMany.status).toBe(413);
    const big = await clientSend('too big', { message_attachments: [{ name: 'big.bin', data: dataUrl(Buffer.alloc(10 * 1024 * 1024 + 1)) }] });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
    const after = await call(t.app, 'GET', '/client/messages/thread', { token: who.client.token, query: { conversation_id: conversationId } });
    expect(after.body.messages).toHaveLength(before.body.messages.length);
  });

  it('accepts references to streamed uploads, once', async () => {
    const boundary = 'b0undary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="shot.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/messages/uploads',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${who.client.token}` },
      payload,
    });
    expect(up.statusCode).toBe(201);
    const ref = up.json().attachments[0];
    expect(ref).toMatchObject({ name: 'shot.png', mime: 'image/png', size: PNG.length });
    const sent = await clientSend('see screenshot', { message_attachments: [{ name: ref.name, stored_filename: ref.stored_filename }] });
    expect(sent.status).toBe(201);
    expect(sent.body.message.message_attachments[0].stored_filename).toBe(ref.stored_filename);
    const reused = await clientSend('again', { message_attachments: [{ name: ref.name, stored_filename: ref.stored_filename }] });
    expect(reused.status).toBe(400);
    const foreign = await ownerSend('steal', { message_attachments: [{ name: ref.name, stored_filename: ref.stored_filename }] });
    expect(foreign.status).toBe(400);
  });

  it('only the receiver marks delivered then read; the sender gets 403 and a stranger 404', async () => {
    const sent = await clientSend('Please confirm');
    const id = sent.body.message.id;
    const bySender = await call(t.app, 'PUT', `/client/messages/${id}/delivered`, { token: who.client.token });
    expect(bySender.status).toBe(403);
    const byStranger = await call(t.app, 'PUT', `/client/messages/${id}/read`, { token: who.otherClient.token });
    expect(byStranger.status).toBe(404);
    const delivered = await call(t.app, 'PUT', `/superadmin/messages/${id}/delivered`, { token: who.superadmin.token });
    expect(delivered.status).toBe(200);
    expect(delivered.body.message.delivered_at).toBeTruthy();
    expect(delivered.body.message.is_read).toBe(0);
    const read = await call(t.app, 'PUT', `/superadmin/messages/${id}/read`, { token: who.superadmin.token });
    expect(read.body.message).toMatchObject({ is_read: 1 });
    expect(read.body.message.read_at).toBeTruthy();
  });

  it("a client cannot read or write another client's conversation (404)", async () => {
    const thread = await call(t.app, 'GET', '/client/messages/thread', { token: who.otherClient.token, query: { conversation_id: conversationId } });
    expect(thread.status).toBe(404);
    const forged = `${projectId}:${who.otherClient.user.id}`;
    const send = await call(t.app, 'POST', '/client/send-message', {
      token: who.otherClient.token,
      body: { sender_id: who.otherClient.user.id, receiver_id: who.superadmin.user.id, message_content: 'hi', conversation_id: forged },
    });
    expect(send.status).toBe(404);
    const poll = await call(t.app, 'GET', '/client/get-all-messages', { token: who.otherClient.token, query: { user_id: who.otherClient.user.id } });
    expect(poll.body.messages).toEqual([]);
  });

  it('employees and admins have no access to messaging (403)', async () => {
    for (const actor of [who.admin, who.teamlead, who.teammember]) {
      const res = await call(t.app, 'GET', '/superadmin/conversations', { token: actor.token, query: { user_id: actor.user.id } });
      expect(res.status).toBe(403);
    }
  });
});

describe('polling', () => {
  it('honours since_id, and answers a limit above 200 rather than refusing it', async () => {
    for (const text of ['first of three', 'second of three', 'third of three']) expect((await clientSend(text)).status).toBe(201);
    const all = await call(t.app, 'GET', '/superadmin/get-all-messages', {
      token: who.superadmin.token,
      query: { user_id: who.superadmin.user.id, limit: '1000' },
    });
    expect(all.status).toBe(200);
    const ids: number[] = all.body.messages.map((m: { id: number }) => m.id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const since = await call(t.app, 'GET', '/superadmin/get-all-messages', {
      token: who.superadmin.token,
      query: { user_id: who.superadmin.user.id, since_id: String(ids.at(-3)), limit: '200' },
    });
    expect(since.body.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(-2));
    expect(since.body.messages.map((m: { message_content: string }) => m.message_content)).toEqual(['second of three', 'third of three']);
  });

  it('answers an empty poll from the memo with exactly what the handler would answer, and only a plain query that way', async () => {
    expect((await clientSend('the newest message')).status).toBe(201);
    const poll = (query: Record<string, string>) => call(t.app, 'GET', '/superadmin/get-all-messages', { token: who.superadmin.token, query });
    const all = await poll({ user_id: who.superadmin.user.id, limit: '1000' });
    const newest = String(Math.max(...all.body.messages.map((m: { id: number }) => m.id)));
    // The first poll from the newest id runs the query and leaves the memo behind.
    const first = await poll({ user_id: who.superadmin.user.id, since_id: newest, limit: '200' });
    expect(first.body).toEqual({ messages: [] });
    const handler = vi.spyOn(t.app.services.messaging, 'poll');
    try {
      const plain = await poll({ user_id: who.superadmin.user.id, since_id: newest, limit: '200' });
      const noLimit = await poll({ user_id: who.superadmin.user.id, since_id: newest });
      expect(handler).not.toHaveBeenCalled();
      // The same question in a form only the input checks read (a limit with a leading zero) goes to the handler.
      const checked = await poll({ user_id: who.superadmin.user.id, since_id: newest, limit: '0200' });
      expect(handler).toHaveBeenCalledTimes(1);
      const withoutDate = (headers: Record<string, unknown>) => ({ ...headers, date: undefined });
      for (const answer of [plain, noLimit]) {
        expect(answer.status).toBe(checked.status);
        expect(answer.text).toBe(checked.text);
        expect(withoutDate(answer.headers)).toEqual(withoutDate(checked.headers));
      }
      expect(plain.text).toBe('{"messages":[]}');
      // Whatever the memo says, a query the checks refuse is refused, and someone else's id is forbidden.
      expect((await poll({ user_id: who.superadmin.user.id, since_id: newest, note: 'a\u0000b' })).status).toBe(400);
      expect((await poll({ user_id: who.superadmin.user.id, since_id: newest, limit: '0' })).status).toBe(400);
      expect((await poll({ user_id: who.client.user.id, since_id: newest })).status).toBe(403);
      const client = await call(t.app, 'GET', '/superadmin/get-all-messages', {
        token: who.client.token,
        query: { user_id: who.client.user.id, since_id: newest },
      });
      expect(client.status).toBe(403);
    } finally {
      handler.mockRestore();
    }
    // A new message clears the memo at once: the next poll from the same id finds it.
    expect((await clientSend('after the memo')).status).toBe(201);
    const after = await poll({ user_id: who.superadmin.user.id, since_id: newest, limit: '200' });
    expect(after.body.messages.map((m: { message_content: string }) => m.message_content)).toEqual(['after the memo']);
  });

  it('writes a page of the poll byte for byte as the thread writes the same messages: every kind of text, attachments, receipts', async () => {
    // A client of its own with one project: its polls and its conversation's thread hold the same messages.
    const client = await signupClient(t.app);
    const project = await call(t.app, 'POST', '/projects', { token: client.token, body: { title: 'Escapes', description: 'Every kind of text.' } });
    const conversation = `${project.body.project.id}:${client.user.id}`;
    const send = (message_content: string, extra: Record<string, unknown> = {}) =>
      call(t.app, 'POST', '/client/send-message', {
        token: client.token,
        body: { sender_id: client.user.id, receiver_id: who.superadmin.user.id, message_content, conversation_id: conversation, ...extra },
      });
    const texts = [
      'plain words',
      'quotes " and a backslash \\ and a slash /',
      'lines\nand\ttabs\r\nand a form feed \f and a backspace \b',
      'control characters \u0001 \u001f and DEL \u007f',
      'é ü ß 漢字 😀 and the separators \u2028 \u2029',
      '<script>alert("x")</script> & </p>',
      // What the page's link placeholder looks like, typed by a person: it stays their text.
      '"url":"\\u0001sign:forged.pdf"',
    ];
    const ids: number[] = [];
    for (const text of texts) ids.push((await send(text)).body.message.id);
    const withFiles = await send('two files', {
      message_attachments: [
        { name: 'mock "one".png', mime: 'image/png', size: PNG.length, data: dataUrl(PNG, 'image/png') },
        { name: 'brief.pdf', mime: 'application/pdf', size: PDF.length, data: dataUrl(PDF) },
      ],
    });
    expect(withFiles.status).toBe(201);
    ids.push(withFiles.body.message.id);
    expect((await call(t.app, 'PUT', `/superadmin/messages/${ids[0]}/read`, { token: who.superadmin.token })).status).toBe(200);
    expect((await call(t.app, 'PUT', `/superadmin/messages/${ids[1]}/delivered`, { token: who.superadmin.token })).status).toBe(200);

    const thread = await call(t.app, 'GET', '/client/messages/thread', { token: client.token, query: { conversation_id: conversation } });
    const newest = await call(t.app, 'GET', '/client/get-all-messages', { token: client.token, query: { user_id: client.user.id } });
    expect(newest.status).toBe(200);
    expect(newest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(newest.text).toBe(thread.text);
    const since = await call(t.app, 'GET', '/client/get-all-messages', {
      token: client.token,
      query: { user_id: client.user.id, since_id: String(ids[0]) },
    });
    expect(since.text).toBe(JSON.stringify({ messages: thread.body.messages.slice(1) }));

    const messages = newest.body.messages as { message_content: string; message_attachments: { url: string }[]; read_at: string | null }[];
    expect(messages.map((m) => m.message_content)).toEqual([...texts, 'two files']);
    expect(messages[0].read_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The signed links work.
    for (const attachment of messages.at(-1)!.message_attachments) {
      expect((await t.app.inject({ method: 'GET', url: attachment.url })).statusCode).toBe(200);
    }
  });

  it("writes the inbox as the serialiser writes the same conversation on the client's side: every kind of text, attachments, counts", async () => {
    // A client with a name and a project title full of escapes; its last message carries two files.
    const name = 'Zoë "Q" O\'Brien \\ <b>\u2028 😀';
    const client = await signupClient(t.app, { name });
    const title = 'Quotes " tabs \t lines \n </script> 漢字';
    const project = await call(t.app, 'POST', '/projects', { token: client.token, body: { title, description: 'Every kind of text.' } });
    expect(project.status).toBe(201);
    const conversation = `${project.body.project.id}:${client.user.id}`;
    for (const text of ['first \u0001 "x"', 'second \\ é']) {
      const sent = await call(t.app, 'POST', '/client/send-message', {
        token: client.token,
        body: { sender_id: client.user.id, receiver_id: who.superadmin.user.id, message_content: text, conversation_id: conversation },
      });
      expect(sent.status).toBe(201);
    }
    const withFiles = await call(t.app, 'POST', '/client/send-message', {
      token: client.token,
      body: {
        sender_id: client.user.id,
        receiver_id: who.superadmin.user.id,
        message_content: 'files \u2029 "here"',
        conversation_id: conversation,
        message_attachments: [
          { name: 'mock "one".png', mime: 'image/png', size: PNG.length, data: dataUrl(PNG, 'image/png') },
          { name: 'brief.pdf', mime: 'application/pdf', size: PDF.length, data: dataUrl(PDF) },
        ],
      },
    });
    expect(withFiles.status).toBe(201);

    const inbox = await call(t.app, 'GET', '/superadmin/conversations', { token: who.superadmin.token, query: { user_id: who.superadmin.user.id } });
    expect(inbox.status).toBe(200);
    expect(inbox.headers['content-type']).toBe('application/json; charset=utf-8');
    // The client's side of the same conversation, written by the route's serialiser, with the other party swapped.
    const mine = await call(t.app, 'GET', '/client/conversations', { token: client.token, query: { user_id: client.user.id } });
    const theirs = mine.body.conversations.find((c: { conversation_id: string }) => c.conversation_id === conversation);
    // A file's link is signed for the session that asks (checked below: each works); the rest is the same.
    const links: string[] = inbox.body.conversations[0].last_message_attachments.map((a: { url: string }) => a.url);
    expect(links).toHaveLength(2);
    const expected = {
      conversation_id: conversation,
      project_id: theirs.project_id,
      project_title: title,
      other_user_id: client.user.id,
      other_user_name: name,
      last_message_preview: theirs.last_message_preview,
      last_sender_id: client.user.id,
      last_sender_name: name,
      last_message_time: theirs.last_message_time,
      last_message_attachments: theirs.last_message_attachments.map((a: { url: string }, i: number) => ({ ...a, url: links[i] })),
      unread_count: 3,
    };
    expect(Object.keys(expected)).toEqual(Object.keys(conversationSchema.shape));
    expect(inbox.text).toContain(JSON.stringify(expected));
    expect(inbox.text).toBe(JSON.stringify({ conversations: inbox.body.conversations }));
    expect(theirs.last_message_preview).toBe('files \u2029 "here"');
    expect(theirs.last_message_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Newest first, and the signed links work.
    expect(inbox.body.conversations[0].conversation_id).toBe(conversation);
    for (const attachment of inbox.body.conversations[0].last_message_attachments) {
      expect((await t.app.inject({ method: 'GET', url: attachment.url })).statusCode).toBe(200);
    }
  });

  it('never loses a message sent by concurrent senders', async () => {
    const first = await call(t.app, 'GET', '/superadmin/get-all-messages', {
      token: who.superadmin.token,
      query: { user_id: who.superadmin.user.id },
    });
    let lastId = Math.max(0, ...first.body.messages.map((m: { id: number }) => m.id));
    const seen = new Set<number>();
    const sent: number[] = [];
    const senders = Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? clientSend(`concurrent ${i}`) : ownerSend(`concurrent ${i}`)).then((r) => sent.push(r.body.message.id)),
    );
    const poller = (async () => {
      for (let round = 0; round < 60 && seen.size < 40; round++) {
        const res = await call(t.app, 'GET', '/superadmin/get-all-messages', {
          token: who.superadmin.token,
          query: { user_id: who.superadmin.user.id, since_id: String(lastId), limit: '200' },
        });
        for (const m of res.body.messages as { id: number; message_content: string }[]) {
          if (m.message_content.startsWith('concurrent')) seen.add(m.id);
          lastId = Math.max(lastId, m.id);
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await Promise.all(senders);
    await poller;
    // A real poller asks again 5 s later; an empty answer never moved since_id, so waiting past the
    // one-second "nothing newer" memo of the server is all it takes.
    await new Promise((r) => setTimeout(r, 1100));
    const tail = await call(t.app, 'GET', '/superadmin/get-all-messages', {
      token: who.superadmin.token,
      query: { user_id: who.superadmin.user.id, since_id: String(lastId) },
    });
    for (const m of tail.body.messages as { id: number }[]) seen.add(m.id);
    expect([...seen].sort((a, b) => a - b)).toEqual([...sent].sort((a, b) => a - b));
  });
});
