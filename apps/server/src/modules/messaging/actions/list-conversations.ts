import type { Conversation } from '@agency/schema';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { companyOf } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { conversations, messages, projects, users } from '../../../db/schema.js';
import { assertOwnId, assertSide, iso, presentAttachment, unreadByPerson, type ConversationRow } from '../queries.js';

/** What an answer shows of a conversation. */
type ConversationShown = Omit<ConversationRow, 'lastMessageId' | 'createdAt'>;

function presentConversation(
  ctx: AppContext,
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
    last_message_attachments: (row.lastMessageAttachments ?? []).map((a) => presentAttachment(ctx, a, now, sessionId)),
    ...extra,
  };
}

/**
 * A client's conversations: one for each project of its company, named after the person who asked for the project,
 * with what this person has not read yet.
 */
export function listConversations(ctx: AppContext) {
  return async (actor: Actor, userId: string) => {
    assertSide(actor, 'client');
    assertOwnId(actor, userId);
    const companyId = companyOf(actor);
    const now = ctx.now();
    // A company has one conversation for each of its projects, even before the first message.
    const [owner] = await ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.role, 'superadmin')).limit(1);
    if (!owner) throw new AppError('NOT_FOUND', 'The agency has no super admin yet');
    const rows = await ctx.db
      .select({ project: { id: projects.id, title: projects.title, clientId: projects.clientId }, conversation: conversations })
      .from(projects)
      .leftJoin(conversations, eq(conversations.projectId, projects.id))
      .where(eq(projects.companyId, companyId))
      .orderBy(sql`${conversations.lastMessageTime} desc nulls last`, desc(projects.id));
    const unread = await ctx.db
      .select({ conversationId: messages.conversationId, n: count() })
      .from(messages)
      .where(unreadByPerson(actor.id, companyId))
      .groupBy(messages.conversationId);
    const unreadBy = new Map(unread.map((u) => [u.conversationId, Number(u.n)]));
    return rows.map(({ project, conversation }) => {
      const id = `${project.id}:${project.clientId}`;
      const row: ConversationRow = conversation ?? {
        id,
        projectId: project.id,
        clientId: project.clientId,
        companyId,
        lastMessageId: null,
        lastMessagePreview: null,
        lastSenderId: null,
        lastSenderName: null,
        lastMessageTime: null,
        lastMessageAttachments: null,
        createdAt: now,
      };
      return presentConversation(
        ctx,
        row,
        owner.id,
        { other_user_name: owner.name, project_title: project.title, unread_count: unreadBy.get(id) ?? 0 },
        now,
        actor.sessionId,
      );
    });
  };
}
