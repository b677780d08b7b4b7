import { describeDuration, formatFullDateTime, isoWeekOf, localDay, weekDays } from '@agency/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import type { Tx } from '../../../db/client.js';
import { projects, timeEntries, timers, timesheets } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { timesheetLifecycle } from '../lifecycle.js';
import { lockPerson, staffIds, timesheetFacts } from '../queries.js';
import { presentTimesheet } from './get-timesheet.js';

/** The week's row, made on first use (a week nobody has submitted has none), locked for this transaction. */
export async function lockWeek(tx: Tx, userId: number, week: string) {
  await tx.insert(timesheets).values({ userId, week }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.userId, userId), eq(timesheets.week, week)))
    .for('update');
  return row;
}

/**
 * Submits one's own week as a whole: every draft and sent-back entry of it becomes submitted, and whoever decides it
 * is told (a member's: the leads of the projects the time is on; a lead's: staff). An empty week may be submitted
 * (nothing to report); a week that has not started may not, and a timer running in it must be stopped first.
 */
export function submitTimesheet(deps: TimeDeps) {
  const { ctx, notifications } = deps;
  return async (actor: Actor, week: string) => {
    assertCan(actor, 'time:own', null);
    const days = weekDays(week);
    const timeZone = ctx.config.agencyTimeZone;
    if (days[0] > localDay(ctx.now(), timeZone)) throw new AppError('VALIDATION_FAILED', 'week: A week can be submitted once it has started');
    const person = await timesheetFacts(ctx.db, actor.id);
    if (!person) throw new AppError('FORBIDDEN');
    await ctx.transaction(async (tx, publish) => {
      await lockPerson(tx, actor.id);
      const [timer] = await tx.select({ startedAt: timers.startedAt }).from(timers).where(eq(timers.userId, actor.id));
      if (timer && isoWeekOf(localDay(timer.startedAt, timeZone)) === week) {
        throw new AppError(
          'CONFLICT',
          `Your timer is running since ${formatFullDateTime(timer.startedAt, { timeZone })}: stop it before submitting the week`,
        );
      }
      const sheet = await lockWeek(tx, actor.id, week);
      const now = ctx.now();
      await timesheetLifecycle.transition(tx, {
        table: timesheets,
        id: sheet.id,
        actor,
        resource: person.facts,
        from: sheet.status,
        to: 'submitted',
        set: { submittedAt: now, decidedAt: null, decidedBy: null, reason: null, updatedAt: now },
      });
      const submitted = await tx
        .update(timeEntries)
        .set({ status: 'submitted', updatedAt: now })
        .where(
          and(
            eq(timeEntries.userId, actor.id),
            sql`${timeEntries.workDate} between ${days[0]} and ${days[6]}`,
            inArray(timeEntries.status, ['draft', 'rejected']),
          ),
        )
        .returning({ projectId: timeEntries.projectId, minutes: timeEntries.minutes });
      publish({ type: 'timesheet.status_changed', userId: actor.id, week, from: sheet.status, to: 'submitted', actorId: actor.id });
      await notifications.notify(tx, publish, await decidersOf(tx, person.role, submitted), {
        kind: 'timesheet_submitted',
        title: `Timesheet to approve: ${actor.name}, ${week}`,
        body: `${actor.name} submitted ${week}: ${describeDuration(submitted.reduce((sum, e) => sum + e.minutes, 0))}.`,
      });
    });
    return presentTimesheet(ctx.db, actor, { id: actor.id, name: actor.name }, week);
  };
}

/** Who decides a submitted week: the leads of the projects a member's time is on; staff for a lead's week (or a lead-less one). */
async function decidersOf(tx: Tx, role: string, submitted: { projectId: number }[]): Promise<number[]> {
  if (role === 'teammember' && submitted.length > 0) {
    const leads = await tx
      .selectDistinct({ id: projects.teamLeadId })
      .from(projects)
      .where(inArray(projects.id, [...new Set(submitted.map((e) => e.projectId))]));
    const ids = leads.map((l) => l.id).filter((id): id is number => id !== null);
    if (ids.length > 0) return ids;
  }
  return staffIds(tx);
}
