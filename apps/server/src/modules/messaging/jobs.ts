import { goPath } from '@agency/schema';
import { and, count, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { messages, notificationPreferences, projects, users } from '../../db/schema.js';
import { parseConversationId } from './service.js';

export const MESSAGE_EMAIL_QUEUE = 'message-email';

/**
 * A message nobody has read after MESSAGE_EMAIL_DELAY_MINUTES is worth an e-mail; one that was read in time is
 * not. One job per conversation and receiver is queued at a time (`short` policy: a second send while one waits
 * adds nothing), so a burst of messages makes at most one e-mail per delay window.
 */
export function registerMessageJobs(ctx: AppContext) {
  const delayMs = ctx.config.messageEmailDelayMs;

  ctx.jobs.define<{ conversationId: string; receiverId: number }>(
    MESSAGE_EMAIL_QUEUE,
    async ({ conversationId, receiverId }) => {
      const cutoff = new Date(ctx.now().getTime() - delayMs);
      const [waiting] = await ctx.db
        .select({ n: count() })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            eq(messages.receiverId, receiverId),
            eq(messages.isRead, 0),
            lte(messages.timestamp, cutoff),
          ),
        );
      const n = Number(waiting?.n ?? 0);
      if (n === 0) return;
      const [quiet] = await ctx.db
        .select({ channel: notificationPreferences.channel })
        .from(notificationPreferences)
        .where(and(eq(notificationPreferences.userId, receiverId), eq(notificationPreferences.category, 'message')));
      if (quiet?.channel === 'in_app') return;
      const [receiver] = await ctx.db.select({ email: users.email, status: users.status }).from(users).where(eq(users.id, receiverId));
      const parsed = parseConversationId(conversationId);
      const [project] = parsed ? await ctx.db.select({ title: projects.title }).from(projects).where(eq(projects.id, parsed.projectId)) : [];
      if (!receiver || receiver.status !== 'active' || !project) return;
      const link = `${ctx.config.appUrl}${goPath({ type: 'conversation', id: conversationId })}`;
      await ctx.transaction((tx, publish) =>
        ctx.mailer.enqueue(tx, publish, [
          {
            to: receiver.email,
            subject: `${n === 1 ? 'An unread message' : `${n} unread messages`} about ${project.title} · ${ctx.config.brandName}`,
            text: `${n === 1 ? 'A message is' : `${n} messages are`} waiting for you about "${project.title}".\n\nRead and reply: ${link}`,
          },
        ]),
      );
    },
    { policy: 'short', retryLimit: 3 },
  );

  ctx.events.subscribe('message.sent', async (event) => {
    await ctx.jobs.send(
      MESSAGE_EMAIL_QUEUE,
      { conversationId: event.conversationId, receiverId: event.receiverId },
      { singletonKey: `${event.conversationId}>${event.receiverId}`, startAfterSeconds: Math.ceil(delayMs / 1000) },
    );
  });
}
