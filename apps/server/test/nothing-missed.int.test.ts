import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema.js';
import { call, createTestApp, deliveredMails, signInEveryRole, type TestApp } from './helpers.js';

// Nobody misses an event: a new message rings the receiver's bell (one notification per conversation, however
// many messages) and is e-mailed only if still unread after MESSAGE_EMAIL_DELAY_MINUTES; a new tool request
// tells staff; the inbox counts what is unread. And each role reads only what is theirs of a project.
let t: TestApp;
let who: Awaited<ReturnType<typeof signInEveryRole>>;

beforeAll(async () => {
  // One second of "unread" is enough for an e-mail here; the test clock is moved past it.
  t = await createTestApp({ MESSAGE_EMAIL_DELAY_MINUTES: '0.02' });
  who = await signInEveryRole(t.app);
});
afterAll(async () => t.close());

async function projectOf(client: typeof who.client, title: string) {
  const res = await call(t.app, 'POST', '/projects', {
    token: client.token,
    body: { title, description: 'A project to talk about.', budget_minor: 500000 },
  });
  return res.body.project.id as string;
}

function send(from: typeof who.client, to: typeof who.superadmin, conversationId: string, text: string, side: 'client' | 'superadmin') {
  return call(t.app, 'POST', `/${side}/send-message`, {
    token: from.token,
    body: { sender_id: from.user.id, receiver_id: to.user.id, conversation_id: conversationId, message_content: text },
  });
}

const bellOf = (userId: string, conversationId: string) =>
  t.app.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, Number(userId)), eq(notifications.targetType, 'conversation'), eq(notifications.targetId, conversationId)));

describe('a new message', () => {
  it('rings the receiver’s bell once per conversation, counting the messages, and clears when they are read', async () => {
    const projectId = await projectOf(who.client, 'Bell project');
    const conversationId = `${projectId}:${who.client.user.id}`;
    for (const text of ['First', 'Second', 'Third'])
      expect((await send(who.client, who.superadmin, conversationId, text, 'client')).status).toBe(201);
    const bell = await bellOf(who.superadmin.user.id, conversationId);
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ kind: 'message_received', title: '3 new messages from Client Person', readAt: null });
    expect(bell[0].body).toContain('Bell project');
    const listed = await call(t.app, 'GET', '/notifications', { token: who.superadmin.token, query: { unread: 'true' } });
    expect(listed.body.items.filter((n: { target: { id: string } | null }) => n.target?.id === conversationId)).toHaveLength(1);

    const thread = await call(t.app, 'GET', '/superadmin/messages/thread', {
      token: who.superadmin.token,
      query: { conversation_id: conversationId },
    });
    for (const m of thread.body.messages) await call(t.app, 'PUT', `/superadmin/messages/${m.id}/read`, { token: who.superadmin.token });
    const [settled] = await bellOf(who.superadmin.user.id, conversationId);
    expect(settled.readAt).not.toBeNull();
  });

  it('rings once with the right count when a burst of messages arrives at the same moment', async () => {
    const projectId = await projectOf(who.client, 'Burst project');
    const conversationId = `${projectId}:${who.client.user.id}`;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => send(who.client, who.superadmin, conversationId, `Burst ${i}`, 'client')));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const bell = (await bellOf(who.superadmin.user.id, conversationId)).filter((n) => n.readAt === null);
    expect(bell).toHaveLength(1);
    expect(bell[0].title).toBe('8 new messages from Client Person');
  });

  it('is e-mailed once if still unread after the delay, and not at all if read in time', async () => {
    const unreadProject = await projectOf(who.client, 'Unread project');
    const unread = `${unreadProject}:${who.client.user.id}`;
    const readProject = await projectOf(who.client, 'Read project');
    const read = `${readProject}:${who.client.user.id}`;
    await send(who.superadmin, who.client, unread, 'Are you there?', 'superadmin');
    await send(who.superadmin, who.client, unread, 'Hello again', 'superadmin');
    const answered = await send(who.superadmin, who.client, read, 'Quick question', 'superadmin');
    await call(t.app, 'PUT', `/client/messages/${answered.body.message.id}/read`, { token: who.client.token });
    // Nothing is mailed at once.
    expect(t.delivered.filter((m) => m.to === who.client.user.email && m.subject.includes('unread'))).toEqual([]);
    t.clock.advance(60_000);
    const [mail] = await deliveredMails(t, who.client.user.email, 1, (m) => m.subject.includes('unread messages about Unread project'));
    expect(mail.subject).toContain('2 unread messages');
    expect(mail.text).toContain(`http://app.test/go/conversation/${encodeURIComponent(unread)}`);
    await new Promise((r) => setTimeout(r, 2000));
    const aboutUnread = t.delivered.filter((m) => m.to === who.client.user.email && m.subject.includes('Unread project'));
    const aboutRead = t.delivered.filter(
      (m) => m.to === who.client.user.email && m.subject.includes('Read project') && !m.subject.includes('Unread'),
    );
    expect(aboutUnread).toHaveLength(1);
    expect(aboutRead).toEqual([]);
  });

  it('is e-mailed when sent while the conversation’s job already waits: in the next window, not never', async () => {
    const projectId = await projectOf(who.client, 'Late project');
    const conversationId = `${projectId}:${who.client.user.id}`;
    const aboutLate = (m: { subject: string }) => m.subject.includes('about Late project');
    // The delay is 1.2 s on the test clock; the job waits 2 s of real time. The second message is sent while the
    // first one's job waits, and when that job runs only the first is old enough to count.
    expect((await send(who.client, who.superadmin, conversationId, 'First', 'client')).status).toBe(201);
    t.clock.advance(500);
    expect((await send(who.client, who.superadmin, conversationId, 'Second', 'client')).status).toBe(201);
    t.clock.advance(800);
    const [first] = await deliveredMails(t, who.superadmin.user.email, 1, aboutLate);
    expect(first.subject).toContain('An unread message about Late project');

    t.clock.advance(60_000);
    const mails = await deliveredMails(t, who.superadmin.user.email, 2, aboutLate);
    expect(mails[1].subject).toContain('2 unread messages about Late project');
    // Nothing more once every message has been named in a mail.
    await new Promise((r) => setTimeout(r, 3000));
    expect(t.delivered.filter((m) => m.to === who.superadmin.user.email && aboutLate(m))).toHaveLength(2);
  });

  it('shows in the super admin’s inbox as an unread count beside the project title and client name', async () => {
    const projectId = await projectOf(who.client, 'Inbox project');
    const conversationId = `${projectId}:${who.client.user.id}`;
    await send(who.client, who.superadmin, conversationId, 'One', 'client');
    await send(who.client, who.superadmin, conversationId, 'Two', 'client');
    const inbox = await call(t.app, 'GET', '/superadmin/conversations', { token: who.superadmin.token, query: { user_id: who.superadmin.user.id } });
    const row = inbox.body.conversations.find((c: { conversation_id: string }) => c.conversation_id === conversationId);
    expect(row).toMatchObject({ unread_count: 2, project_title: 'Inbox project', other_user_name: 'Client Person' });
  });
});

describe('a new tool request', () => {
  it('tells every member of staff', async () => {
    const res = await call(t.app, 'POST', '/tool-requests', {
      token: who.client.token,
      body: { name: 'Drawing tablet', category: 'Hardware', reason: 'For the illustrations', quantity: 1 },
    });
    expect(res.status).toBe(201);
    for (const staff of [who.superadmin, who.admin]) {
      const list = await call(t.app, 'GET', '/notifications', { token: staff.token });
      expect(
        list.body.items.find(
          (n: { kind: string; target: { id: string } }) => n.kind === 'tool_request_submitted' && n.target.id === res.body.tool_request.id,
        ),
      ).toBeTruthy();
    }
    const client = await call(t.app, 'GET', '/notifications', { token: who.client.token });
    expect(client.body.items.some((n: { kind: string }) => n.kind === 'tool_request_submitted')).toBe(false);
  });
});

describe('what each role reads of a project', () => {
  it('keeps the budget and the notes written to the client from team members, not from the team lead', async () => {
    const projectId = await projectOf(who.client, 'Disclosure project');
    const approved = await call(t.app, 'POST', `/projects/${projectId}/approve`, {
      token: who.superadmin.token,
      body: { team_lead_id: who.teamlead.user.id, member_ids: [who.teammember.user.id], note: 'We can start on the 3rd; the discount is agreed.' },
    });
    expect(approved.status).toBe(200);
    const read = async (token: string) => ({
      project: (await call(t.app, 'GET', `/projects/${projectId}`, { token })).body.project,
      activity: (await call(t.app, 'GET', `/projects/${projectId}/activity`, { token })).body.items,
      notes: (await call(t.app, 'GET', '/notifications', { token })).body.items.filter((n: { project_id: string }) => n.project_id === projectId),
    });
    const member = await read(who.teammember.token);
    expect(member.project.budget_minor).toBeNull();
    expect(member.activity.find((e: { kind: string }) => e.kind === 'status_changed').note).toBeNull();
    expect(JSON.stringify(member.notes)).not.toContain('discount');
    for (const token of [who.client.token, who.teamlead.token, who.admin.token, who.superadmin.token]) {
      const other = await read(token);
      expect(other.project.budget_minor).toBe(500000);
      expect(other.activity.find((e: { kind: string }) => e.kind === 'status_changed').note).toContain('discount');
    }
    expect(JSON.stringify((await read(who.client.token)).notes)).toContain('discount');
    expect(JSON.stringify((await read(who.teamlead.token)).notes)).toContain('discount');
  });
});
