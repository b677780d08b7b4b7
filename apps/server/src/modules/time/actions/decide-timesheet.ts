import { describeDuration, weekDays, type TimesheetStatus } from '@agency/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { timeEntries, timesheets } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { timesheetLifecycle } from '../lifecycle.js';
import { ledBy, lockPerson } from '../queries.js';
import { loadPerson, presentTimesheet } from './get-timesheet.js';
import { lockWeek } from './submit-timesheet.js';

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * Approves or rejects a submitted week. Staff decide all of it; a team lead the member's time on the projects they
 * lead (a week with time on two leads' projects waits for both). Approved entries are locked; rejected ones go back
 * to their owner with the reason. The week is rejected while any of its entries is, submitted while any still waits,
 * approved when none does.
 */
export function decideTimesheet(deps: TimeDeps) {
  const { ctx, notifications } = deps;
  return async (actor: Actor, userId: number, week: string, decision: Decision) => {
    const person = await loadPerson(ctx.db, actor, 'timesheet:decide', userId);
    const days = weekDays(week);
    const staff = actor.role === 'admin' || actor.role === 'superadmin';
    await ctx.transaction(async (tx, publish) => {
      await lockPerson(tx, userId);
      const sheet = await lockWeek(tx, userId, week);
      if (sheet.status !== 'submitted' && sheet.status !== 'rejected') {
        throw new AppError(
          'INVALID_TRANSITION',
          `${person.name}'s timesheet for ${week} is ${sheet.status === 'approved' ? 'already approved' : 'not submitted'}`,
        );
      }
      const inWeek = and(eq(timeEntries.userId, userId), sql`${timeEntries.workDate} between ${days[0]} and ${days[6]}`);
      const now = ctx.now();
      const decided = await tx
        .update(timeEntries)
        .set({ status: decision.approve ? 'approved' : 'rejected', updatedAt: now })
        .where(and(inWeek, eq(timeEntries.status, 'submitted'), staff ? undefined : ledBy(timeEntries.projectId, actor.id)))
        .returning({ minutes: timeEntries.minutes });
      // An empty week someone submitted is decided by staff; anything else needs time waiting for this caller.
      if (decided.length === 0 && !(staff && sheet.status === 'submitted')) {
        throw new AppError('INVALID_TRANSITION', `Nothing in ${person.name}'s timesheet for ${week} is waiting for your decision`);
      }
      const counts = await tx
        .select({ status: timeEntries.status, n: sql<string>`count(*)` })
        .from(timeEntries)
        .where(inWeek)
        .groupBy(timeEntries.status);
      const has = (status: string) => counts.some((c) => c.status === status && Number(c.n) > 0);
      const to: TimesheetStatus = has('rejected') ? 'rejected' : has('submitted') ? 'submitted' : 'approved';
      const set = { decidedAt: now, decidedBy: actor.id, updatedAt: now, ...(decision.approve ? {} : { reason: decision.reason }) };
      if (to === sheet.status) {
        await tx.update(timesheets).set(set).where(eq(timesheets.id, sheet.id));
      } else {
        await timesheetLifecycle.transition(tx, { table: timesheets, id: sheet.id, actor, resource: person.facts, from: sheet.status, to, set });
        publish({ type: 'timesheet.status_changed', userId, week, from: sheet.status, to, actorId: actor.id });
      }
      const minutes = describeDuration(decided.reduce((sum, e) => sum + e.minutes, 0));
      await recordAudit(
        tx,
        actor,
        decision.approve ? 'timesheet.approved' : 'timesheet.rejected',
        {
          type: 'timesheet',
          id: `${userId}:${week}`,
          before: { status: sheet.status },
          after: { status: to, minutes, ...(decision.approve ? {} : { reason: decision.reason }) },
        },
        now,
      );
      await notifications.notify(tx, publish, [userId], {
        kind: decision.approve ? 'timesheet_approved' : 'timesheet_rejected',
        title: decision.approve ? `Timesheet ${week} approved` : `Timesheet ${week} sent back`,
        body: decision.approve
          ? `${actor.name} approved ${minutes} of your time in ${week}.`
          : `${actor.name} sent back ${minutes} of your time in ${week}: ${decision.reason}`,
      });
    });
    return presentTimesheet(ctx.db, actor, person, week);
  };
}
