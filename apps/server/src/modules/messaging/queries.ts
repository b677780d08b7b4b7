import type { Attachment, Message, MessageReader } from '@agency/schema';
import { and, asc, eq, exists, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import { assertCan, can, companyOf } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { messageReads, messages, projects, users, type conversations, type StoredAttachment } from '../../db/schema.js';
import { signUrl } from '../../lib/signed-url.js';

export type MessageRow = typeof messages.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;

export const INBOX_LIMIT = 200;
/** An empty page of the polls, as the route's serialiser writes it. */
export const EMPTY_POLL_ANSWER = '{"messages":[]}';

export function attachmentPath(storedFilename: string) {
  return `/api/messages/attachments/${storedFilename}`;
}

export type MessagingSide = 'superadmin' | 'client';

export function parseConversationId(id: string): { projectId: number; clientId: number } | null {
  const match = /^([1-9]\d{0,14}):([1-9]\d{0,14})$/.exec(id);
  if (!match) return null;
  return { projectId: Number(match[1]), clientId: Number(match[2]) };
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * PostgreSQL's text of a UTC timestamp ("2026-11-26 05:36:00.123456", its fraction shorter or absent) as
 * `Date.prototype.toISOString` writes the same instant: milliseconds, the rest cut off, as a Date keeps them.
 */
export function isoFromUtcText(text: string): string {
  if (text.length < 19 || text[10] !== ' ' || (text.length > 19 && text[19] !== '.')) return new Date(`${text}Z`).toISOString();
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${text.length > 19 ? text.slice(20, 23).padEnd(3, '0') : '000'}Z`;
}

/** Links are signed for the reader's session: they stop working when it ends. */
export const presentAttachment = (ctx: AppContext, a: StoredAttachment, now: Date, sessionId: number): Attachment => ({
  name: a.name,
  mime: a.mime,
  size: a.size,
  stored_filename: a.stored_filename,
  url: signUrl(ctx.signingKey, attachmentPath(a.stored_filename), now, ctx.config.signedUrlTtlMs, sessionId),
});

/** A message with its sender's name, as answers show it. */
export type NamedMessageRow = MessageRow & { senderName: string };

export function presentMessage(ctx: AppContext, row: NamedMessageRow, sessionId: number, now = ctx.now(), readBy?: MessageReader[]): Message {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender_id: String(row.senderId),
    receiver_id: String(row.receiverId),
    message_content: row.content,
    message_attachments: row.attachments.map((a) => presentAttachment(ctx, a, now, sessionId)),
    timestamp: row.timestamp.toISOString(),
    delivered_at: iso(row.deliveredAt),
    read_at: iso(row.readAt),
    is_read: row.isRead === 1 ? 1 : 0,
    sender_name: row.senderName,
    ...(row.via ? { via: row.via } : {}),
    ...(readBy ? { read_by: readBy } : {}),
  };
}

export function writeAttachments(ctx: AppContext, text: string | null, sessionId: number, now: Date): string {
  const stored = JSON.parse(text ?? '[]') as StoredAttachment[];
  return `[${stored
    .map((a) => {
      const { name, mime, size, url, stored_filename } = presentAttachment(ctx, a, now, sessionId);
      return `{"name":${JSON.stringify(name)},"mime":${JSON.stringify(mime)},"size":${JSON.stringify(size)},"url":${JSON.stringify(url)},"stored_filename":${JSON.stringify(stored_filename)}}`;
    })
    .join(',')}]`;
}

export function assertSide(actor: Actor, side: MessagingSide) {
  assertCan(actor, side === 'superadmin' ? 'messaging:superadmin' : 'messaging:client', null);
}

/** SPEC passes the caller's id as user_id; any other id is refused. */
export function assertOwnId(actor: Actor, userId: string) {
  if (userId !== String(actor.id)) throw new AppError('FORBIDDEN', 'user_id must be your own id');
}

/** The project behind a conversation id, if the actor may talk about it; otherwise 404. */
export async function resolveConversation(db: DbOrTx, actor: Actor, conversationId: string) {
  const parsed = parseConversationId(conversationId);
  if (!parsed) throw new AppError('NOT_FOUND', 'Conversation not found');
  const [project] = await db
    .select({ id: projects.id, clientId: projects.clientId, companyId: projects.companyId, title: projects.title })
    .from(projects)
    .where(eq(projects.id, parsed.projectId))
    .limit(1);
  // The id names the person who asked for the project: one thread per project, whoever of the company writes.
  if (!project || project.clientId !== parsed.clientId) throw new AppError('NOT_FOUND', 'Conversation not found');
  assertCan(actor, 'conversation:read', { companyId: project.companyId }, 'Conversation not found');
  return { ...parsed, companyId: project.companyId, projectTitle: project.title };
}

/**
 * The super admin's messages to a company (in its conversations, to the person who asked for the project) that
 * this person of the company has not read yet: each person's reads are their own.
 */
export function unreadByPerson(userId: number, companyId: number, conversationId?: string): SQL {
  // The outer message's columns are named in full: Drizzle leaves them unqualified in a single-table select.
  return and(
    conversationId === undefined ? undefined : eq(messages.conversationId, conversationId),
    exists(
      sql`(select 1 from conversations c where c.id = "messages"."conversation_id" and c.company_id = ${companyId} and c.client_id = "messages"."receiver_id")`,
    ),
    notExists(sql`(select 1 from message_reads r where r.message_id = "messages"."id" and r.user_id = ${userId})`),
  )!;
}

/** Who of the company has read each of these messages, and when (first reader first). */
export async function readersOf(db: DbOrTx, messageIds: number[]): Promise<Map<number, MessageReader[]>> {
  const byMessage = new Map<number, MessageReader[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({ messageId: messageReads.messageId, userId: messageReads.userId, name: users.name, readAt: messageReads.readAt })
    .from(messageReads)
    .innerJoin(users, eq(users.id, messageReads.userId))
    .where(inArray(messageReads.messageId, messageIds))
    .orderBy(asc(messageReads.readAt), asc(messageReads.userId));
  for (const r of rows) {
    const list = byMessage.get(r.messageId) ?? [];
    list.push({ user_id: String(r.userId), name: r.name, read_at: r.readAt.toISOString() });
    byMessage.set(r.messageId, list);
  }
  return byMessage;
}

/** Messages with their senders' names. */
export function messagesWithSenders(db: DbOrTx) {
  return db.select({ message: messages, senderName: users.name }).from(messages).innerJoin(users, eq(users.id, messages.senderId));
}

/**
 * The messages a caller may read, as SQL over messages: the super admin every conversation's, a client its company's
 * (as the threads and polls read them); `false` for anyone else.
 */
export function visibleMessages(actor: Actor): SQL | undefined | false {
  if (can(actor, 'messaging:superadmin', null)) return undefined;
  if (can(actor, 'messaging:client', null)) {
    return exists(sql`(select 1 from conversations c where c.id = ${messages.conversationId} and c.company_id = ${companyOf(actor)})`);
  }
  return false;
}
