import { MAX_ATTACHMENTS_PER_MESSAGE, type Attachment, type Conversation, type Message } from '@agency/schema';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import { assertCan } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { conversations, messages, messageUploads, projects, users, type StoredAttachment } from '../../db/schema.js';
import { signUrl } from '../../lib/signed-url.js';
import { TtlCache } from '../../lib/ttl-cache.js';

import type { NotificationService } from '../notifications/service.js';
import { assertWithinQuota } from '../storage/service.js';
import { STREAMED_PREFIX, type StreamedFile } from './streaming-body.js';

type MessageRow = typeof messages.$inferSelect;
type ConversationRow = typeof conversations.$inferSelect;
/** What an answer shows of a conversation. */
type ConversationShown = Omit<ConversationRow, 'lastMessageId' | 'createdAt'>;

export const INBOX_LIMIT = 200;
/** An empty page of the polls, as the route's serialiser writes it. */
export const EMPTY_POLL_ANSWER = '{"messages":[]}';
// Message inserts take this transaction-scoped lock so ids become visible in the order they were assigned:
// a poll with since_id can then never pass over a message that commits late.
const MESSAGE_ORDER_LOCK = 734_001;

export function attachmentPath(storedFilename: string) {
  return `/api/messages/attachments/${storedFilename}`;
}

export type MessagingSide = 'superadmin' | 'client';

export function parseConversationId(id: string): { projectId: number; clientId: number } | null {
  const match = /^([1-9]\d{0,14}):([1-9]\d{0,14})$/.exec(id);
  if (!match) return null;
  return { projectId: Number(match[1]), clientId: Number(match[2]) };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * PostgreSQL's text of a UTC timestamp ("2026-11-26 05:36:00.123456", its fraction shorter or absent) as
 * `Date.prototype.toISOString` writes the same instant: milliseconds, the rest cut off, as a Date keeps them.
 */
export function isoFromUtcText(text: string): string {
  if (text.length < 19 || text[10] !== ' ' || (text.length > 19 && text[19] !== '.')) return new Date(`${text}Z`).toISOString();
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${text.length > 19 ? text.slice(20, 23).padEnd(3, '0') : '000'}Z`;
}

function previewOf(content: string) {
  return content === '(attachment)' ? '' : content.slice(0, 280);
}

// An empty poll is the hot path (every open chat, every 5 s): for a second after a poll found nothing newer
// than some id, a poll from that id is answered without a query. A send in this process clears the entries of
// both sides at once; a send in another process is seen within that second. Nothing is lost either way: an empty
// answer does not move the poller's since_id.
const NEWEST_ID_TTL_MS = 1000;

export function createMessagingService(ctx: AppContext, notifications: NotificationService) {
  const newestSeen = new TtlCache<number, number>(NEWEST_ID_TTL_MS, 100_000);
  // A committed message makes both sides' "nothing newer" memo stale at once.
  ctx.events.subscribe(
    'message.sent',
    (event) => {
      newestSeen.delete(event.senderId);
      newestSeen.delete(event.receiverId);
    },
    { remote: true },
  );
  /** Links are signed for the reader's session: they stop working when it ends. */
  const presentAttachment = (a: StoredAttachment, now: Date, sessionId: number): Attachment => ({
    name: a.name,
    mime: a.mime,
    size: a.size,
    stored_filename: a.stored_filename,
    url: signUrl(ctx.signingKey, attachmentPath(a.stored_filename), now, ctx.config.signedUrlTtlMs, sessionId),
  });

  function presentMessage(row: MessageRow, sessionId: number, now = ctx.now()): Message {
    return {
      id: row.id,
      conversation_id: row.conversationId,
      sender_id: String(row.senderId),
      receiver_id: String(row.receiverId),
      message_content: row.content,
      message_attachments: row.attachments.map((a) => presentAttachment(a, now, sessionId)),
      timestamp: row.timestamp.toISOString(),
      delivered_at: iso(row.deliveredAt),
      read_at: iso(row.readAt),
      is_read: row.isRead === 1 ? 1 : 0,
    };
  }

  function assertSide(actor: Actor, side: MessagingSide) {
    assertCan(actor, side === 'superadmin' ? 'messaging:superadmin' : 'messaging:client', null);
  }

  /** SPEC passes the caller's id as user_id; any other id is refused. */
  function assertOwnId(actor: Actor, userId: string) {
    if (userId !== String(actor.id)) throw new AppError('FORBIDDEN', 'user_id must be your own id');
  }

  async function agencyId(db: DbOrTx = ctx.db) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'The agency has no super admin yet');
    return row.id;
  }

  /** The project behind a conversation id, if the actor may talk about it; otherwise 404. */
  async function resolveConversation(actor: Actor, conversationId: string, db: DbOrTx = ctx.db) {
    const parsed = parseConversationId(conversationId);
    if (!parsed) throw new AppError('NOT_FOUND', 'Conversation not found');
    const [project] = await db
      .select({ id: projects.id, clientId: projects.clientId, title: projects.title })
      .from(projects)
      .where(eq(projects.id, parsed.projectId))
      .limit(1);
    if (!project || project.clientId !== parsed.clientId) throw new AppError('NOT_FOUND', 'Conversation not found');
    assertCan(actor, 'conversation:read', { clientId: parsed.clientId }, 'Conversation not found');
    return { ...parsed, projectTitle: project.title };
  }

  function presentConversation(
    row: ConversationShown,
    otherUserId: number,
    extra: Partial<Conversation>,
    now: Date,
    sessionId: number,
  ): Conversation {
    return {
      conversation_id: row.id,
      project_id: String(row.projectId),
      other_user_id: String(otherUserId),
      last_message_preview: row.lastMessagePreview,
      last_sender_id: row.lastSenderId === null ? null : String(row.lastSenderId),
      last_sender_name: row.lastSenderName,
      last_message_time: iso(row.lastMessageTime),
      last_message_attachments: (row.lastMessageAttachments ?? []).map((a) => presentAttachment(a, now, sessionId)),
      ...extra,
    };
  }

  /**
   * The receiver's bell: one unread notification per conversation, saying how many messages wait (a burst of ten
   * messages is one notification, not ten). E-mail waits: a job mails only if they are still unread after
   * MESSAGE_EMAIL_DELAY_MINUTES (messaging/jobs.ts).
   */
  async function notifyReceiver(
    tx: DbOrTx,
    publish: Publish,
    actor: Actor,
    message: MessageRow,
    conversation: { projectId: number; projectTitle: string },
  ) {
    const [unread] = await tx
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.conversationId, message.conversationId), eq(messages.receiverId, message.receiverId), eq(messages.isRead, 0)));
    const n = Number(unread?.n ?? 1);
    const preview = previewOf(message.content) || '(attachment)';
    await notifications.notify(tx, publish, [message.receiverId], {
      kind: 'message_received',
      title: n === 1 ? `New message from ${actor.name}` : `${n} new messages from ${actor.name}`,
      body: `About "${conversation.projectTitle}": ${preview.length > 140 ? `${preview.slice(0, 139)}…` : preview}`,
      target: { type: 'conversation', id: message.conversationId },
      projectId: conversation.projectId,
      mail: false,
      groupByTarget: true,
    });
  }

  /**
   * The super admin's inbox as text columns, named once: each call sends only the caller's id, and PostgreSQL plans
   * the statement once per connection instead of on every refresh. One query: the unread count of each of these
   * conversations comes with it, counted through the unread index for the rows the limit keeps (never the whole
   * table). Only the columns the answer shows, times as UTC text.
   */
  const INBOX_SQL =
    `select c.id, c.project_id::text, p.title, c.client_id::text, u.name, c.last_message_preview, c.last_sender_id::text, ` +
    `c.last_sender_name, (c.last_message_time at time zone 'UTC')::text, c.last_message_attachments::text, ` +
    `(select count(*) from messages m where m.conversation_id = c.id and m.receiver_id = $1 and m.is_read = 0)::text ` +
    `from conversations c join users u on u.id = c.client_id join projects p on p.id = c.project_id ` +
    `where c.last_message_id is not null order by c.last_message_time desc nulls last, c.id desc nulls last limit ${INBOX_LIMIT}`;

  /**
   * The inbox's answer written straight from its text columns, in `conversationSchema`'s fields and order, as the
   * route's serialiser writes them (a test holds it to that, byte for byte): no row objects, dates or presented
   * conversations made for each of 200 rows.
   */
  function writeInbox(rows: (string | null)[][], sessionId: number, now: Date): string {
    let out = '{"conversations":[';
    for (let i = 0; i < rows.length; i++) {
      const [id, projectId, projectTitle, clientId, clientName, preview, senderId, senderName, time, attachments, unread] = rows[i];
      if (i > 0) out += ',';
      out +=
        `{"conversation_id":${JSON.stringify(id)},"project_id":"${projectId}","project_title":${JSON.stringify(projectTitle)},` +
        `"other_user_id":"${clientId}","other_user_name":${JSON.stringify(clientName)},"last_message_preview":${JSON.stringify(preview)},` +
        `"last_sender_id":${senderId === null ? 'null' : `"${senderId}"`},"last_sender_name":${JSON.stringify(senderName)},` +
        `"last_message_time":${time === null ? 'null' : `"${isoFromUtcText(time)}"`},` +
        `"last_message_attachments":${attachments === null || attachments === '[]' ? '[]' : writeAttachments(attachments, sessionId, now)},` +
        `"unread_count":${unread}}`;
    }
    return `${out}]}`;
  }

  /**
   * A page of the polls as text columns, named once (PostgreSQL plans it once per connection). The caller's messages
   * are those they sent and those they received: two index scans (by sender and by receiver, each in id order)
   * merged, rather than one scan filtering on either column, so only the page is read. Times come as UTC text.
   */
  function pollPageSql(since: boolean) {
    const columns =
      'id::text, conversation_id, sender_id::text, receiver_id::text, message_content, message_attachments::text, ' +
      `("timestamp" at time zone 'UTC')::text, (delivered_at at time zone 'UTC')::text, (read_at at time zone 'UTC')::text, is_read::text, ` +
      'id as sort_key';
    const mine = (who: string) => `(select ${columns} from messages where ${who} = $1${since ? ' and id > $2' : ''})`;
    return `${mine('sender_id')} union all ${mine('receiver_id')} order by sort_key ${since ? 'asc limit $3' : 'desc limit $2'}`;
  }
  const POLL_SINCE_SQL = pollPageSql(true);
  const POLL_NEWEST_SQL = pollPageSql(false);

  /**
   * A page of the polls written straight from its text columns, in `messageSchema`'s fields and order, byte for byte
   * as the route's serialiser writes `presentMessage` (a test compares them): no row objects, dates or presented
   * messages to make and collect for 200 rows, which was most of the answer's CPU.
   */
  function writePollPage(rows: (string | null)[][], sessionId: number, now: Date): string {
    let out = '{"messages":[';
    for (let i = 0; i < rows.length; i++) {
      const [id, conversationId, senderId, receiverId, content, attachments, timestamp, deliveredAt, readAt, isRead] = rows[i];
      if (i > 0) out += ',';
      out +=
        `{"id":${id},"conversation_id":${JSON.stringify(conversationId)},"sender_id":"${senderId}","receiver_id":"${receiverId}",` +
        `"message_content":${JSON.stringify(content)},"message_attachments":${attachments === '[]' ? '[]' : writeAttachments(attachments, sessionId, now)},` +
        `"timestamp":"${isoFromUtcText(timestamp as string)}","delivered_at":${deliveredAt === null ? 'null' : `"${isoFromUtcText(deliveredAt)}"`},` +
        `"read_at":${readAt === null ? 'null' : `"${isoFromUtcText(readAt)}"`},"is_read":${isRead === '1' ? 1 : 0}}`;
    }
    return `${out}]}`;
  }

  function writeAttachments(text: string | null, sessionId: number, now: Date): string {
    const stored = JSON.parse(text ?? '[]') as StoredAttachment[];
    return `[${stored
      .map((a) => {
        const { name, mime, size, url, stored_filename } = presentAttachment(a, now, sessionId);
        return `{"name":${JSON.stringify(name)},"mime":${JSON.stringify(mime)},"size":${JSON.stringify(size)},"url":${JSON.stringify(url)},"stored_filename":${JSON.stringify(stored_filename)}}`;
      })
      .join(',')}]`;
  }

  /** Whether a poll by this person from `sinceId` would find nothing: they were told a moment ago of nothing newer. */
  function nothingNewer(actorId: number, sinceId: number): boolean {
    const known = newestSeen.get(actorId);
    return known !== undefined && sinceId >= known;
  }

  return {
    presentMessage,
    nothingNewer,

    /** The super admin's inbox, as the JSON of its answer (writeInbox). */
    async inbox(actor: Actor, userId: string): Promise<string> {
      assertSide(actor, 'superadmin');
      assertOwnId(actor, userId);
      return writeInbox(await ctx.database.queryTextRows('superadmin_inbox', INBOX_SQL, [actor.id]), actor.sessionId, ctx.now());
    },

    /** A client's conversations: one for each of its projects. */
    async listConversations(actor: Actor, userId: string) {
      assertSide(actor, 'client');
      assertOwnId(actor, userId);
      const now = ctx.now();
      // A client has one conversation for each of its projects, even before the first message.
      const [owner] = await ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.role, 'superadmin')).limit(1);
      if (!owner) throw new AppError('NOT_FOUND', 'The agency has no super admin yet');
      const rows = await ctx.db
        .select({ project: { id: projects.id, title: projects.title }, conversation: conversations })
        .from(projects)
        .leftJoin(conversations, eq(conversations.projectId, projects.id))
        .where(eq(projects.clientId, actor.id))
        .orderBy(sql`${conversations.lastMessageTime} desc nulls last`, desc(projects.id));
      const unread = await ctx.db
        .select({ conversationId: messages.conversationId, n: count() })
        .from(messages)
        .where(and(eq(messages.receiverId, actor.id), eq(messages.isRead, 0)))
        .groupBy(messages.conversationId);
      const unreadBy = new Map(unread.map((u) => [u.conversationId, Number(u.n)]));
      return rows.map(({ project, conversation }) => {
        const id = `${project.id}:${actor.id}`;
        const row: ConversationRow = conversation ?? {
          id,
          projectId: project.id,
          clientId: actor.id,
          lastMessageId: null,
          lastMessagePreview: null,
          lastSenderId: null,
          lastSenderName: null,
          lastMessageTime: null,
          lastMessageAttachments: null,
          createdAt: now,
        };
        return presentConversation(
          row,
          owner.id,
          { other_user_name: owner.name, project_title: project.title, unread_count: unreadBy.get(id) ?? 0 },
          now,
          actor.sessionId,
        );
      });
    },

    async thread(actor: Actor, side: MessagingSide, conversationId: string) {
      assertSide(actor, side);
      await resolveConversation(actor, conversationId);
      const rows = await ctx.db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.id)).limit(1000);
      const now = ctx.now();
      return rows.map((r) => presentMessage(r, actor.sessionId, now));
    },

    async poll(actor: Actor, side: MessagingSide, query: { user_id: string; since_id?: number; limit: number }) {
      assertSide(actor, side);
      assertOwnId(actor, query.user_id);
      // Nothing newer than what this person was told a moment ago: no query. (The route answers most of these
      // before validation, routes.ts.)
      if (query.since_id !== undefined && nothingNewer(actor.id, query.since_id)) return EMPTY_POLL_ANSWER;
      const now = ctx.now();
      const since = query.since_id;
      const rows =
        since === undefined
          ? (await ctx.database.queryTextRows('poll_newest', POLL_NEWEST_SQL, [actor.id, query.limit])).reverse()
          : await ctx.database.queryTextRows('poll_since', POLL_SINCE_SQL, [actor.id, since, query.limit]);
      if (since !== undefined && rows.length < query.limit) newestSeen.set(actor.id, rows.length ? Number(rows[rows.length - 1][0]) : since);
      return writePollPage(rows, actor.sessionId, now);
    },

    async mark(actor: Actor, side: MessagingSide, id: number, what: 'delivered' | 'read') {
      assertSide(actor, side);
      const [row] = await ctx.db.select().from(messages).where(eq(messages.id, id)).limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'Message not found');
      assertCan(actor, 'message:mark', { senderId: row.senderId, receiverId: row.receiverId }, 'Message not found');
      const now = ctx.now();
      const changes =
        what === 'delivered'
          ? { deliveredAt: sql`coalesce(${messages.deliveredAt}, ${now.toISOString()}::timestamptz)` }
          : {
              deliveredAt: sql`coalesce(${messages.deliveredAt}, ${now.toISOString()}::timestamptz)`,
              readAt: sql`coalesce(${messages.readAt}, ${now.toISOString()}::timestamptz)`,
              isRead: 1,
            };
      const updated = await ctx.transaction(async (tx, publish) => {
        const [marked] = await tx.update(messages).set(changes).where(eq(messages.id, id)).returning();
        if (what === 'read') await notifications.settleConversation(tx, marked.receiverId, marked.conversationId);
        publish({
          type: 'message.receipt',
          messageId: marked.id,
          conversationId: marked.conversationId,
          senderId: marked.senderId,
          receiverId: marked.receiverId,
          receipt: what,
        });
        return marked;
      });
      return presentMessage(updated, actor.sessionId, now);
    },

    async unreadCount(actor: Actor) {
      assertCan(actor, 'messaging:use', null);
      const [row] = await ctx.db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.receiverId, actor.id), eq(messages.isRead, 0)));
      return Number(row?.n ?? 0);
    },

    async recordUploads(actor: Actor, files: { name: string; mime: string; size: number; storedFilename: string }[]) {
      assertCan(actor, 'messaging:use', null);
      await ctx.db.transaction(async (tx) => {
        await tx.insert(messageUploads).values(files.map((f) => ({ ...f, uploaderId: actor.id, createdAt: ctx.now() })));
        await assertWithinQuota(tx, ctx.config.storageQuotaBytes, actor.id);
      });
      return files.map((f) => ({ name: f.name, mime: f.mime, size: f.size, stored_filename: f.storedFilename }));
    },

    async send(
      actor: Actor,
      side: MessagingSide,
      input: {
        sender_id: string;
        receiver_id: string;
        message_content: string;
        conversation_id: string;
        message_attachments: { name: string; data?: string; stored_filename?: string }[];
      },
      /** Files this request's body carried as data URLs, already in storage (streaming-body.ts). */
      streamed: StreamedFile[] = [],
    ) {
      assertSide(actor, side);
      if (input.sender_id !== String(actor.id)) throw new AppError('FORBIDDEN', 'sender_id must be your own id');
      const conversation = await resolveConversation(actor, input.conversation_id);
      const expectedReceiver = side === 'superadmin' ? conversation.clientId : await agencyId();
      if (input.receiver_id !== String(expectedReceiver)) {
        throw new AppError('UNPROCESSABLE', 'receiver_id is not the other side of this conversation');
      }
      const files = input.message_attachments;
      if (files.length > MAX_ATTACHMENTS_PER_MESSAGE) {
        throw new AppError('PAYLOAD_TOO_LARGE', `At most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments per message`);
      }
      const content = input.message_content.trim() === '' && files.length > 0 ? '(attachment)' : input.message_content;
      if (content.trim() === '') throw new AppError('BAD_REQUEST', 'message_content: write a message or attach a file');

      // References to streamed uploads must be the sender's own, unused uploads.
      const refs = files.filter((f) => !f.data).map((f) => f.stored_filename ?? '');
      if (refs.some((r) => r === '')) throw new AppError('BAD_REQUEST', 'message_attachments: each needs data or stored_filename');
      const uploads = refs.length
        ? await ctx.db
            .select()
            .from(messageUploads)
            .where(and(inArray(messageUploads.storedFilename, refs), eq(messageUploads.uploaderId, actor.id), isNull(messageUploads.messageId)))
        : [];
      if (uploads.length !== new Set(refs).size) throw new AppError('BAD_REQUEST', 'message_attachments: unknown or already used upload');

      // A data URL was streamed to storage while the body was read; its place holds `streamed:<n>`.
      const decoded: StoredAttachment[] = files
        .filter((f) => f.data !== undefined)
        .map((f) => {
          const index = f.data!.startsWith(STREAMED_PREFIX) ? Number(f.data!.slice(STREAMED_PREFIX.length)) : -1;
          const file = streamed[index];
          if (!file) throw new AppError('BAD_REQUEST', `message_attachments: "${f.name}" is not a data URL`);
          return { name: f.name, mime: file.mime, size: file.size, stored_filename: file.storedFilename };
        });
      const byRef = new Map(uploads.map((u) => [u.storedFilename, u]));
      let decodedIndex = 0;
      const attachments: StoredAttachment[] = files.map((f) => {
        if (f.data) return decoded[decodedIndex++];
        const u = byRef.get(f.stored_filename!)!;
        return { name: u.name, mime: u.mime, size: u.size, stored_filename: u.storedFilename };
      });

      {
        const row = await ctx.transaction(async (tx, publish) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`);
          const now = ctx.now();
          await tx
            .insert(conversations)
            .values({ id: input.conversation_id, projectId: conversation.projectId, clientId: conversation.clientId, createdAt: now })
            .onConflictDoNothing();
          const [inserted] = await tx
            .insert(messages)
            .values({
              conversationId: input.conversation_id,
              senderId: actor.id,
              receiverId: expectedReceiver,
              content,
              attachments,
              timestamp: now,
            })
            .returning();
          await tx
            .update(conversations)
            .set({
              lastMessageId: inserted.id,
              lastMessagePreview: previewOf(content),
              lastSenderId: actor.id,
              lastSenderName: actor.name,
              lastMessageTime: now,
              lastMessageAttachments: attachments,
            })
            .where(eq(conversations.id, input.conversation_id));
          if (decoded.length) {
            await tx.insert(messageUploads).values(
              decoded.map((d) => ({
                uploaderId: actor.id,
                storedFilename: d.stored_filename,
                name: d.name,
                mime: d.mime,
                size: d.size,
                messageId: inserted.id,
                createdAt: now,
              })),
            );
            await assertWithinQuota(tx, ctx.config.storageQuotaBytes, actor.id);
          }
          if (refs.length) {
            const claimed = await tx
              .update(messageUploads)
              .set({ messageId: inserted.id })
              .where(and(inArray(messageUploads.storedFilename, refs), isNull(messageUploads.messageId)))
              .returning({ id: messageUploads.id });
            if (claimed.length !== new Set(refs).size) throw new AppError('CONFLICT', 'An attachment was used by another message');
          }
          await notifyReceiver(tx, publish, actor, inserted, conversation);
          publish({
            type: 'message.sent',
            messageId: inserted.id,
            conversationId: inserted.conversationId,
            senderId: inserted.senderId,
            receiverId: inserted.receiverId,
          });
          return inserted;
        });
        return presentMessage(row, actor.sessionId);
      }
    },

    /** Removes files a failed send streamed to storage; nothing refers to them (the transaction rolled back). */
    async discardStreamed(keys: string[]) {
      await Promise.all(keys.map((key) => ctx.storage.remove(key)));
    },

    /** The stored file of a sent message; with an actor, only when the actor sent or received that message. */
    async findAttachmentFor(actor: Actor | null, storedFilename: string) {
      const [row] = await ctx.db
        .select({ attachments: messages.attachments, senderId: messages.senderId, receiverId: messages.receiverId })
        .from(messages)
        .innerJoin(messageUploads, eq(messageUploads.messageId, messages.id))
        .where(eq(messageUploads.storedFilename, storedFilename))
        .limit(1);
      if (!row) return null;
      if (actor && actor.id !== row.senderId && actor.id !== row.receiverId) return null;
      return row.attachments.find((a) => a.stored_filename === storedFilename) ?? null;
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
