import { and, eq, isNull, lte } from 'drizzle-orm';
import { contracts, projects } from '../../../db/schema.js';
import type { ContractDeps } from '../deps.js';
import { notifyReminder } from '../reminders.js';
import { recordEvent } from '../trail.js';

/** The one automatic reminder: a conditional update claims it, so running the job twice (or on two nodes) reminds once. */
export function sendDueReminder({ ctx, notifications }: ContractDeps) {
  return async (id: number) =>
    ctx.transaction(async (tx, publish) => {
      const now = ctx.now();
      const remindBefore = new Date(now.getTime() - ctx.config.contractReminderMs);
      const [claimed] = await tx
        .update(contracts)
        .set({ remindedAt: now })
        .where(and(eq(contracts.id, id), eq(contracts.status, 'sent'), isNull(contracts.remindedAt), lte(contracts.sentAt, remindBefore)))
        .returning();
      if (!claimed) return false;
      const [project] = await tx.select({ title: projects.title }).from(projects).where(eq(projects.id, claimed.projectId));
      await recordEvent(ctx, tx, id, 'reminded', null, undefined, 'Automatic reminder');
      await notifyReminder(notifications, tx, publish, claimed, project?.title ?? '');
      return true;
    });
}
