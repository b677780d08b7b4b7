import { goPath, notificationCategoryOf, type Locale, type Notification, type NotificationTarget } from '@agency/schema';
import { LINKED_NOTIFICATION_KINDS, mintLinks } from '../document-links/tokens.js';
import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import { assertCan } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { readerLocale } from '../../i18n/index.js';
import { mailT, recipientLocales } from '../../integrations/mail-locale.js';
import { notificationPreferences, notifications, users, type MailAttachment } from '../../db/schema.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';

type NotificationRow = typeof notifications.$inferSelect;

/**
 * A notification to store for each recipient. `target` says what it is about; the web app decides where that opens.
 * `mailText` replaces the body in the e-mail (a longer text).
 */
export type NewNotification = {
  kind: string;
  title: string;
  body: string;
  target?: NotificationTarget;
  projectId?: number | null;
  mailText?: string;
  /**
   * The mail's title (its subject before the brand) and text in a reader's language, for a notification whose
   * words the `mail` catalogue writes; without it every reader's mail carries `title` and `mailText ?? body`.
   */
  mailIn?: (locale: Locale) => { title: string; text: string };
  /** false: in-app only now (a later job may mail, as new messages do). Default true. */
  mail?: boolean;
  /**
   * Replace the reader's unread notification of the same kind about the same target instead of adding another:
   * ten messages in one conversation make one notification, not ten.
   */
  groupByTarget?: boolean;
  /** Files the e-mail carries (read from storage when it is delivered). */
  attachments?: MailAttachment[];
  /**
   * Who gets the e-mail, when not every recipient: these of the recipients (their preferences still apply), and
   * addresses with no account behind them (a company's billing e-mail), which are always mailed.
   */
  mailTo?: { userIds: readonly number[]; addresses: readonly string[] };
};

function present(row: NotificationRow): Notification {
  return {
    id: String(row.id),
    kind: row.kind,
    title: row.title,
    body: row.body,
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
    project_id: row.projectId === null ? null : String(row.projectId),
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export function createNotificationService(ctx: AppContext) {
  /** Loads a notification and decides `action` on it: someone else's is answered exactly like a missing one. */
  async function load(actor: Actor, action: 'notification:read', id: number) {
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Notification not found');
    assertCan(actor, action, { ownerId: row.userId }, 'Notification not found');
    return row;
  }

  return {
    /**
     * Stores one notification per recipient inside the caller's transaction, and queues one e-mail to each
     * active recipient who has not chosen "in the app only" for this kind of event, in the same transaction: a
     * rolled-back change neither notifies nor mails anybody. Security mail never comes through here: it is sent
     * whatever the preferences.
     */
    async notify(tx: DbOrTx, publish: Publish, recipientIds: number[], message: NewNotification): Promise<void> {
      const ids = [...new Set(recipientIds)];
      if (ids.length === 0) return;
      const now = ctx.now();
      const recipients = await tx
        .select({ id: users.id, email: users.email, status: users.status, locale: users.locale })
        .from(users)
        .where(inArray(users.id, ids));
      if (recipients.length === 0) return;
      if (message.groupByTarget && message.target) {
        await tx.delete(notifications).where(
          and(
            inArray(
              notifications.userId,
              recipients.map((r) => r.id),
            ),
            eq(notifications.kind, message.kind),
            eq(notifications.targetType, message.target.type),
            eq(notifications.targetId, message.target.id),
            isNull(notifications.readAt),
          ),
        );
      }
      const rows = await tx
        .insert(notifications)
        .values(
          recipients.map((r) => ({
            userId: r.id,
            kind: message.kind,
            title: message.title,
            body: message.body,
            targetType: message.target?.type ?? null,
            targetId: message.target?.id ?? null,
            projectId: message.projectId ?? null,
            createdAt: now,
          })),
        )
        .returning({ id: notifications.id });
      publish({ type: 'notification.created', notificationIds: rows.map((r) => r.id), userIds: recipients.map((r) => r.id) });
      if (message.mail === false) return;
      const target = message.target ? `${ctx.config.appUrl}${goPath(message.target)}` : undefined;
      const category = notificationCategoryOf(message.kind);
      const inAppOnly = new Set<number>();
      if (category) {
        const rows = await tx
          .select({ userId: notificationPreferences.userId })
          .from(notificationPreferences)
          .where(
            and(
              inArray(notificationPreferences.userId, ids),
              eq(notificationPreferences.category, category),
              eq(notificationPreferences.channel, 'in_app'),
            ),
          );
        for (const row of rows) inAppOnly.add(row.userId);
      }
      const mailed = recipients.filter(
        (r) => r.status === 'active' && !inAppOnly.has(r.id) && (!message.mailTo || message.mailTo.userIds.includes(r.id)),
      );
      const known = new Set(mailed.map((r) => r.email.trim().toLowerCase()));
      // A proposal, a contract to sign or an invoice to pay: each addressee with an account gets a one-tap link of
      // their own (a new send revokes the document's earlier links).
      const linkKind = message.target ? LINKED_NOTIFICATION_KINDS[message.kind] : undefined;
      const links = linkKind
        ? await mintLinks(
            ctx,
            tx,
            publish,
            linkKind,
            Number(message.target!.id),
            mailed.map((r) => r.id),
          )
        : new Map<number, string>();
      const days = Math.round(ctx.config.documentLinkTtlMs / 86_400_000);
      const oneTapUrl = (userId?: number) => (userId === undefined ? undefined : links.get(userId));
      const addresses = [...new Set((message.mailTo?.addresses ?? []).map((a) => a.trim()))].filter((a) => !known.has(a.toLowerCase()));
      // The notification's title and body are written once for every reader (data); the mail's own words around
      // them are in each reader's language: an account's choice, else the agency's default.
      const otherLocales = await recipientLocales(tx, addresses, ctx.config.defaultLocale);
      await ctx.mailer.enqueue(
        tx,
        publish,
        [
          ...mailed.map((r) => ({ to: r.email, userId: r.id as number | undefined, locale: readerLocale(r.locale, ctx.config.defaultLocale) })),
          ...addresses.map((to) => ({ to, userId: undefined, locale: otherLocales.of(to) })),
        ].map(({ to, userId, locale }) => {
          const t = mailT(locale);
          const own = message.mailIn?.(locale);
          const url = oneTapUrl(userId);
          const oneTap = url ? `\n\n${t('notification.oneTap', { count: days, link: url })}` : '';
          const open = target ? `\n\n${t('notification.open', { link: target })}` : '';
          return {
            to,
            subject: t('notification.subject', { title: own?.title ?? message.title, brand: ctx.brand.current().agencyName }),
            text: `${own?.text ?? message.mailText ?? message.body}${oneTap}${open}`,
            // The button opens the addressee's own one-tap link when there is one, else the page in the app.
            ...(url || target ? { action: { label: t('notification.action'), url: (url ?? target)! } } : {}),
            ...(message.attachments?.length ? { attachments: message.attachments } : {}),
            locale,
          };
        }),
      );
    },

    /** Nothing in a conversation is unread for this person any more (the caller counted): its bell notification is read too. */
    async settleConversation(tx: DbOrTx, userId: number, conversationId: string) {
      await tx
        .update(notifications)
        .set({ readAt: ctx.now() })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.kind, 'message_received'),
            eq(notifications.targetType, 'conversation'),
            eq(notifications.targetId, conversationId),
            isNull(notifications.readAt),
          ),
        );
    },

    async list(actor: Actor, page: { cursor?: string; limit: number; unread?: boolean }) {
      assertCan(actor, 'notification:list', null);
      const after = decodeCursor(page.cursor);
      const rows = await ctx.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, actor.id),
            page.unread ? isNull(notifications.readAt) : undefined,
            after ? lt(notifications.id, after) : undefined,
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(page.limit + 1);
      return { ...toPage(rows, page.limit, present), unread_count: await this.unreadCount(actor) };
    },

    async unreadCount(actor: Actor) {
      assertCan(actor, 'notification:list', null);
      const [row] = await ctx.db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
      return Number(row?.n ?? 0);
    },

    async markRead(actor: Actor, id: number) {
      const row = await load(actor, 'notification:read', id);
      if (row.readAt) return present(row);
      const [updated] = await ctx.db.update(notifications).set({ readAt: ctx.now() }).where(eq(notifications.id, id)).returning();
      return present(updated);
    },

    async markAllRead(actor: Actor) {
      assertCan(actor, 'notification:list', null);
      const updated = await ctx.db
        .update(notifications)
        .set({ readAt: ctx.now() })
        .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return updated.length;
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
