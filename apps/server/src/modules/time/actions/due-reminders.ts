import { shiftDay, weekDays, weekDueForReminder, zonedMoment } from '@agency/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { timesheetReminders, timesheets, users } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';

/**
 * Who is due a reminder now: the week before the last Monday noon (agency time), for every active team lead and
 * member who had an account before it ended, has not submitted it, and has not been reminded of it.
 */
export function dueReminders({ ctx }: TimeDeps) {
  return async () => {
    const timeZone = ctx.config.agencyTimeZone;
    const week = weekDueForReminder(ctx.now(), timeZone);
    const weekEnd = zonedMoment(shiftDay(weekDays(week)[6], 1), 0, timeZone);
    const rows = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.role, ['teamlead', 'teammember']),
          eq(users.status, 'active'),
          sql`${users.createdAt} < ${weekEnd.toISOString()}::timestamptz`,
          sql`not exists (select 1 from ${timesheets} where ${timesheets.userId} = ${users.id} and ${timesheets.week} = ${week} and ${timesheets.status} in ('submitted', 'approved'))`,
          sql`not exists (select 1 from ${timesheetReminders} where ${timesheetReminders.userId} = ${users.id} and ${timesheetReminders.week} = ${week})`,
        ),
      );
    return { week, userIds: rows.map((r) => r.id) };
  };
}
