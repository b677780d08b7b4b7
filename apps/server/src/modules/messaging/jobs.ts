import { goPath } from '@agency/schema';
import { and, count, eq, gt, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { messages, notificationPreferences, projects, users } from '../../db/schema.js';
import { parseConversationId } from './service.js';

export const MESSAGE_EMAIL_QUEUE = 'message-email';

/**
 * `after`: messages sent at or before this time were already looked at by an earlier job of the conversation,
 * mailed if they were unread then. A job mails only when a message sent since is still unread after the delay.
 * (Jobs queued before `after` existed have none and look at every unread message.)
 */
type MessageEmailJob = { conversationId: string; receiverId: number; after?: string };

/**
 * A message nobody has read after MESSAGE_EMAIL_DELAY_MINUTES is worth an e-mail; one that was read in time is
 * not. One job per conversation and receiver is queued at a time (`short` policy: a send while one waits adds
 * nothing), so a burst of messages makes at most one e-mail per delay window. The job that runs looks at the
 * messages old enough by then; a message sent while it waited, too young to count yet, is handed on to a job
 * one window later, so no message is left out however the sends fall.
 */
export function registerMessageJobs(ctx: AppContext) {
  const delayMs = ctx.config.messageEmailDelayMs;
  const delaySeconds = Math.ceil(delayMs / 1000);
  const singletonKey = (conversationId: string, receiverId: number) => `${conversationId}>${receiverId}`;

  ctx.jobs.define<MessageEmailJob>(
    MESSAGE_EMAIL_QUEUE,
    async ({ conversationId, receiverId, after }) => {
      const [quiet] = await ctx.db
        .select({ channel: notificationPreferences.channel })
        .from(notificationPreferences)
        .where(and(eq(notificationPreferences.userId, receiverId), eq(notificationPreferences.category, 'message')));
      if (quiet?.channel === 'in_app') return;
      const [receiver] = await ctx.db.select({ email: users.email, status: users.status }).from(users).where(eq(users.id, receiverId));
      const parsed = parseConversationId(conversationId);
      const [project] = parsed ? await ctx.db.select({ title: projects.title }).from(projects).where(eq(projects.id, parsed.projectId)) : [];
      if (!receiver || receiver.status !== 'active' || !project) return;

      const cutoff = new Date(ctx.now().getTime() - delayMs);
      const unread = and(eq(messages.conversationId, conversationId), eq(messages.receiverId, receiverId), eq(messages.isRead, 0));
      const countUnread = async (...where: Parameters<typeof and>) => {
        const [row] = await ctx.db
          .select({ n: count() })
          .from(messages)
          .where(and(unread, ...where));
        return Number(row?.n ?? 0);
      };

      // First hand the messages too young for this window to the next one: a send from now on finds that job
      // queued and adds nothing, and the next job counts from this one's cutoff, so nothing falls in between.
      if ((await countUnread(gt(messages.timestamp, cutoff))) > 0) {
        await ctx.jobs.send<MessageEmailJob>(
          MESSAGE_EMAIL_QUEUE,
          { conversationId, receiverId, after: cutoff.toISOString() },
          { singletonKey: singletonKey(conversationId, receiverId), startAfterSeconds: delaySeconds },
        );
      }

      const isNew = after ? gt(messages.timestamp, new Date(after)) : undefined;
      if ((await countUnread(isNew, lte(messages.timestamp, cutoff))) === 0) return;
      // The mail counts every message still unread, those an earlier mail named included: that is what waits.
      const n = await countUnread(lte(messages.timestamp, cutoff));
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
    // A job is queued here only when none waits for the conversation. Every message sent before the last job's
    // cutoff (at most one delay ago) was looked at by that job, or handed on to a job that waits and then holds
    // this one too; so this job starts counting one delay back.
    await ctx.jobs.send<MessageEmailJob>(
      MESSAGE_EMAIL_QUEUE,
      { conversationId: event.conversationId, receiverId: event.receiverId, after: new Date(ctx.now().getTime() - delayMs).toISOString() },
      { singletonKey: singletonKey(event.conversationId, event.receiverId), startAfterSeconds: delaySeconds },
    );
  });
}
