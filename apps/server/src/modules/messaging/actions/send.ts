import { MAX_ATTACHMENTS_PER_MESSAGE } from '@agency/schema';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import type { Publish } from '../../../core/events.js';
import type { AppContext } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { conversations, messages, messageUploads, users, type StoredAttachment } from '../../../db/schema.js';
import { companyPeopleIds } from '../../companies/queries.js';
import type { NotificationService } from '../../notifications/service.js';
import { assertWithinQuota } from '../../storage/service.js';
import { assertSide, presentMessage, resolveConversation, unreadByPerson, type MessageRow, type MessagingSide } from '../queries.js';
import { STREAMED_PREFIX, type StreamedFile } from '../streaming-body.js';

// Message inserts take this transaction-scoped lock so ids become visible in the order they were assigned:
// a poll with since_id can then never pass over a message that commits late. Every message waits for it, so only
// the insert and what needs its id happen while it is held (the notification is written before).
const MESSAGE_ORDER_LOCK = 734_001;

function previewOf(content: string) {
  return content === '(attachment)' ? '' : content.slice(0, 280);
}

async function agencyId(db: DbOrTx) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'The agency has no super admin yet');
  return row.id;
}

/**
 * The receiving side's bell: one unread notification per conversation and person, saying how many messages wait
 * for them (a burst of ten messages is one notification, not ten). The super admin's message reaches every person
 * of the company, each counting what they have not read. E-mail waits: a job mails only if they are still unread
 * after MESSAGE_EMAIL_DELAY_MINUTES (messaging/jobs.ts).
 */
async function notifyReceivers(
  notifications: NotificationService,
  tx: DbOrTx,
  publish: Publish,
  actor: Actor,
  /** The message about to be inserted: the counts below add it to what is already unread. */
  message: Pick<MessageRow, 'conversationId' | 'receiverId' | 'content'>,
  conversation: { projectId: number; projectTitle: string; clientId: number; companyId: number },
) {
  const toCompany = message.receiverId === conversation.clientId;
  const readers = toCompany ? await companyPeopleIds(tx, conversation.companyId) : [message.receiverId];
  const preview = previewOf(message.content) || '(attachment)';
  for (const readerId of readers) {
    const [unread] = await tx
      .select({ n: count() })
      .from(messages)
      .where(
        toCompany
          ? unreadByPerson(readerId, conversation.companyId, message.conversationId)
          : and(eq(messages.conversationId, message.conversationId), eq(messages.receiverId, readerId), eq(messages.isRead, 0)),
      );
    const n = Number(unread?.n ?? 0) + 1;
    await notifications.notify(tx, publish, [readerId], {
      kind: 'message_received',
      title: n === 1 ? `New message from ${actor.name}` : `${n} new messages from ${actor.name}`,
      body: `About "${conversation.projectTitle}": ${preview.length > 140 ? `${preview.slice(0, 139)}…` : preview}`,
      target: { type: 'conversation', id: message.conversationId },
      projectId: conversation.projectId,
      mail: false,
      groupByTarget: true,
    });
  }
}

export function send(ctx: AppContext, notifications: NotificationService) {
  return async (
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
    /** `email`: a reply by e-mail (modules/inbound-mail), marked so on the message. */
    via?: 'email',
  ) => {
    assertSide(actor, side);
    if (input.sender_id !== String(actor.id)) throw new AppError('FORBIDDEN', 'sender_id must be your own id');
    const conversation = await resolveConversation(ctx.db, actor, input.conversation_id);
    const expectedReceiver = side === 'superadmin' ? conversation.clientId : await agencyId(ctx.db);
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
        // One conversation's sends first take a lock of their own, so its receivers' unread counts and grouped
        // notifications are written one message at a time; sends in other conversations go on beside them.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('message-conversation'), hashtext(${input.conversation_id}))`);
        await tx
          .insert(conversations)
          .values({
            id: input.conversation_id,
            projectId: conversation.projectId,
            clientId: conversation.clientId,
            companyId: conversation.companyId,
            createdAt: ctx.now(),
          })
          .onConflictDoNothing();
        await notifyReceivers(
          notifications,
          tx,
          publish,
          actor,
          { conversationId: input.conversation_id, receiverId: expectedReceiver, content },
          conversation,
        );
        await tx.execute(sql`select pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`);
        const now = ctx.now();
        const [inserted] = await tx
          .insert(messages)
          .values({
            conversationId: input.conversation_id,
            senderId: actor.id,
            receiverId: expectedReceiver,
            content,
            attachments,
            timestamp: now,
            via: via ?? null,
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
          await assertWithinQuota(tx, ctx.config.storageQuotaBytes, actor);
        }
        if (refs.length) {
          const claimed = await tx
            .update(messageUploads)
            .set({ messageId: inserted.id })
            .where(and(inArray(messageUploads.storedFilename, refs), isNull(messageUploads.messageId)))
            .returning({ id: messageUploads.id });
          if (claimed.length !== new Set(refs).size) throw new AppError('CONFLICT', 'An attachment was used by another message');
        }
        publish({
          type: 'message.sent',
          messageId: inserted.id,
          conversationId: inserted.conversationId,
          senderId: inserted.senderId,
          receiverId: inserted.receiverId,
          companyId: conversation.companyId,
        });
        return inserted;
      });
      return presentMessage(ctx, { ...row, senderName: actor.name }, actor.sessionId, ctx.now(), side === 'superadmin' ? [] : undefined);
    }
  };
}
