import type { Notification, Role } from '@agency/schema';
import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { notifications, users } from '../../db/schema.js';
import type { Actor } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';

type NotificationRow = typeof notifications.$inferSelect;

/** `link` may depend on the reader's role: each role opens a project on its own screen. */
export type NewNotification = { kind: string; title: string; body: string; link?: string | ((role: Role) => string); projectId?: number };

function present(row: NotificationRow): Notification {
  return {
    id: String(row.id),
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    project_id: row.projectId === null ? null : String(row.projectId),
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export function createNotificationService(ctx: AppContext) {
  return {
    /**
     * Stores one notification per recipient inside the caller's transaction; the e-mails go out after commit
     * (call the returned function), so a rolled-back change never mails anybody.
     */
    async notify(db: DbOrTx, recipientIds: number[], message: NewNotification): Promise<() => Promise<void>> {
      const ids = [...new Set(recipientIds)];
      if (ids.length === 0) return async () => {};
      const now = ctx.now();
      const recipients = await db
        .select({ id: users.id, email: users.email, status: users.status, role: users.role })
        .from(users)
        .where(inArray(users.id, ids));
      const linkFor = (role: Role) => (typeof message.link === 'function' ? message.link(role) : (message.link ?? null));
      await db.insert(notifications).values(
        recipients.map((r) => ({
          userId: r.id,
          kind: message.kind,
          title: message.title,
          body: message.body,
          link: linkFor(r.role),
          projectId: message.projectId ?? null,
          createdAt: now,
        })),
      );
      return async () => {
        for (const r of recipients) {
          if (r.status !== 'active') continue;
          const link = linkFor(r.role);
          const open = link ? `\n\nOpen it: ${ctx.config.appUrl}${link}` : '';
          await ctx.mailer.send({ to: r.email, subject: `${message.title} · ${ctx.config.brandName}`, text: `${message.body}${open}` });
        }
      };
    },

    async list(actor: Actor, page: { cursor?: string; limit: number; unread?: boolean }) {
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
      const [row] = await ctx.db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
      return Number(row?.n ?? 0);
    },

    async markRead(actor: Actor, id: number) {
      const [row] = await ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'Notification not found');
      if (row.readAt) return present(row);
      const [updated] = await ctx.db.update(notifications).set({ readAt: ctx.now() }).where(eq(notifications.id, id)).returning();
      return present(updated);
    },

    async markAllRead(actor: Actor) {
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
