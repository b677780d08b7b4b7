import { goPath } from '@agency/schema';
import { and, count, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { AppContext } from '../../context.js';
import { readerLocale } from '../../i18n/index.js';
import { mailT } from '../../integrations/mail-locale.js';
import type { MailMessage } from '../../integrations/mailer.js';
import { conversations, messages, notificationPreferences, projects, users } from '../../db/schema.js';
import { companyPeopleIds } from '../companies/queries.js';
import { replyAddressFor } from '../inbound-mail/reply-tokens.js';
import { unreadByPerson } from './queries.js';

export const MESSAGE_EMAIL_QUEUE = 'message-email';
/** A chat e-mail quotes each waiting message up to this many characters. */
export const MESSAGE_EMAIL_TEXT_LIMIT = 2000;
/** …and at most this many of them, the newest. */
const MESSAGE_EMAIL_MAX_MESSAGES = 10;

function quoteOf(t: TFunction, m: { content: string; attachments: { name: string }[]; senderName: string; via: string | null }) {
  const text = m.content === '(attachment)' ? '' : m.content;
  const cut = text.length > MESSAGE_EMAIL_TEXT_LIMIT ? `${text.slice(0, MESSAGE_EMAIL_TEXT_LIMIT)}…` : text;
  const files = m.attachments.length ? `\n${t('messages.attachments', { names: m.attachments.map((a) => a.name).join(', ') })}` : '';
  return `${t('messages.wrote', { name: m.senderName })}\n${cut}${files}`;
}

/**
 * `after`: messages sent at or before this time were already looked at by an earlier job of the conversation,
 * mailed if they were unread then. A job mails only when a message sent since is still unread after the delay.
 * (Jobs queued before `after` existed have none and look at every unread message.)
 */
type MessageEmailJob = { conversationId: string; receiverId: number; after?: string };

/**
 * A message its reader has not read after MESSAGE_EMAIL_DELAY_MINUTES is worth an e-mail; one that was read in time
 * is not. The super admin's messages to a company are read by each of its people, and each is mailed about what
 * they themselves have not read. One job per conversation and receiver is queued at a time (`short` policy: a send while one waits adds
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
      const [conversation] = await ctx.db
        .select({ companyId: conversations.companyId, clientId: conversations.clientId, title: projects.title })
        .from(conversations)
        .innerJoin(projects, eq(projects.id, conversations.projectId))
        .where(eq(conversations.id, conversationId));
      if (!conversation) return;
      // The super admin's message is every person's of the company, each counting what they have not read.
      const toCompany = receiverId === conversation.clientId;
      const readerIds = toCompany
        ? await companyPeopleIds(ctx.db, conversation.companyId)
        : (
            await ctx.db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.id, receiverId), eq(users.status, 'active')))
          ).map((u) => u.id);
      if (readerIds.length === 0) return;

      const cutoff = new Date(ctx.now().getTime() - delayMs);
      const unreadBy = (readerId: number) =>
        toCompany
          ? unreadByPerson(readerId, conversation.companyId, conversationId)
          : and(eq(messages.conversationId, conversationId), eq(messages.receiverId, readerId), eq(messages.isRead, 0));
      const countUnread = async (readerId: number, ...where: Parameters<typeof and>) => {
        const [row] = await ctx.db
          .select({ n: count() })
          .from(messages)
          .where(and(unreadBy(readerId), ...where));
        return Number(row?.n ?? 0);
      };

      // First hand the messages too young for this window to the next one: a send from now on finds that job
      // queued and adds nothing, and the next job counts from this one's cutoff, so nothing falls in between.
      for (const readerId of readerIds) {
        if ((await countUnread(readerId, gt(messages.timestamp, cutoff))) === 0) continue;
        await ctx.jobs.send<MessageEmailJob>(
          MESSAGE_EMAIL_QUEUE,
          { conversationId, receiverId, after: cutoff.toISOString() },
          { singletonKey: singletonKey(conversationId, receiverId), startAfterSeconds: delaySeconds },
        );
        break;
      }

      const quiet = await ctx.db
        .select({ userId: notificationPreferences.userId })
        .from(notificationPreferences)
        .where(
          and(
            inArray(notificationPreferences.userId, readerIds),
            eq(notificationPreferences.category, 'message'),
            eq(notificationPreferences.channel, 'in_app'),
          ),
        );
      const inAppOnly = new Set(quiet.map((q) => q.userId));
      const readers = new Map(
        (await ctx.db.select({ id: users.id, email: users.email, locale: users.locale }).from(users).where(inArray(users.id, readerIds))).map((u) => [
          u.id,
          u,
        ]),
      );
      const isNew = after ? gt(messages.timestamp, new Date(after)) : undefined;
      const link = `${ctx.config.appUrl}${goPath({ type: 'conversation', id: conversationId })}`;
      const mails: MailMessage[] = [];
      for (const readerId of readerIds) {
        if (inAppOnly.has(readerId) || (await countUnread(readerId, isNew, lte(messages.timestamp, cutoff))) === 0) continue;
        // The mail counts every message still unread, those an earlier mail named included: that is what waits.
        const n = await countUnread(readerId, lte(messages.timestamp, cutoff));
        const waiting = (
          await ctx.db
            .select({ content: messages.content, attachments: messages.attachments, senderName: users.name, via: messages.via })
            .from(messages)
            .innerJoin(users, eq(users.id, messages.senderId))
            .where(and(unreadBy(readerId), lte(messages.timestamp, cutoff)))
            .orderBy(desc(messages.id))
            .limit(MESSAGE_EMAIL_MAX_MESSAGES)
        ).reverse();
        const replyTo = await replyAddressFor(ctx, ctx.db, conversationId, readerId);
        const reader = readers.get(readerId)!;
        const locale = readerLocale(reader.locale, ctx.config.defaultLocale);
        const t = mailT(locale);
        const title = conversation.title;
        const more = n > waiting.length ? `\n\n${t('messages.earlier', { count: n - waiting.length })}` : '';
        mails.push({
          to: reader.email,
          subject: t('messages.subject', { count: n, title, brand: ctx.brand.current().agencyName }),
          text:
            `${t('messages.waiting', { count: n, title })}${more}\n\n` +
            `${waiting.map((m) => quoteOf(t, m)).join('\n\n')}\n\n` +
            (replyTo ? t('messages.replyByMail', { link }) : t('messages.readAndReply', { link })),
          action: { label: t('messages.action'), url: link },
          ...(replyTo ? { replyTo } : {}),
          locale,
        });
      }
      if (mails.length) await ctx.transaction((tx, publish) => ctx.mailer.enqueue(tx, publish, mails));
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
