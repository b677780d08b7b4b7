import { describeDuration, formatDate, weekDays } from '@agency/schema';
import { and, eq, sql } from 'drizzle-orm';
import { timeEntries, timesheetReminders } from '../../../db/schema.js';
import { weekStatus } from '../checks.js';
import type { TimeDeps } from '../deps.js';

/**
 * Reminds one person of one unsubmitted week, once: the reminder's row (primary key: person and week) is claimed in
 * the transaction of the notification, so a job run twice, or on two nodes, reminds once. True when it reminded.
 */
export function sendReminder({ ctx, notifications }: TimeDeps) {
  return async (userId: number, week: string): Promise<boolean> =>
    ctx.transaction(async (tx, publish) => {
      const status = await weekStatus(tx, userId, week);
      if (status === 'submitted' || status === 'approved') return false;
      const claimed = await tx
        .insert(timesheetReminders)
        .values({ userId, week, sentAt: ctx.now() })
        .onConflictDoNothing()
        .returning({ userId: timesheetReminders.userId });
      if (claimed.length === 0) return false;
      const days = weekDays(week);
      const [logged] = await tx
        .select({ minutes: sql<string>`coalesce(sum(${timeEntries.minutes}), 0)` })
        .from(timeEntries)
        .where(and(eq(timeEntries.userId, userId), sql`${timeEntries.workDate} between ${days[0]} and ${days[6]}`));
      await notifications.notify(tx, publish, [userId], {
        kind: 'timesheet_reminder',
        title: `Timesheet ${week} not submitted`,
        body: `Please submit your time for ${formatDate(days[0])} to ${formatDate(days[6])}: ${describeDuration(Number(logged?.minutes ?? 0))} entered so far.`,
      });
      return true;
    });
}
