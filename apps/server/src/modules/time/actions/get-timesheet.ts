import { weekDays, type Timesheet } from '@agency/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import type { DbOrTx } from '../../../db/client.js';
import { timeEntries, timesheets, users } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { entryQuery, ledBy, presentEntry, TIMESHEET_NOT_FOUND, timesheetFacts } from '../queries.js';

/**
 * A person's ISO week as `viewer` may see it: every entry for the person and staff; for a team lead looking at a
 * member's week, the time on the projects they lead.
 */
export async function presentTimesheet(db: DbOrTx, viewer: Actor, user: { id: number; name: string }, week: string): Promise<Timesheet> {
  const days = weekDays(week);
  const onlyLed = viewer.role === 'teamlead' && viewer.id !== user.id;
  const [rows, [sheet]] = await Promise.all([
    entryQuery(db)
      .where(
        and(
          eq(timeEntries.userId, user.id),
          sql`${timeEntries.workDate} between ${days[0]} and ${days[6]}`,
          onlyLed ? ledBy(timeEntries.projectId, viewer.id) : undefined,
        ),
      )
      .orderBy(asc(timeEntries.startedAt), asc(timeEntries.id)),
    db
      .select({ sheet: timesheets, deciderName: users.name })
      .from(timesheets)
      .leftJoin(users, eq(users.id, timesheets.decidedBy))
      .where(and(eq(timesheets.userId, user.id), eq(timesheets.week, week))),
  ]);
  const entries = rows.map(presentEntry);
  const perDay = new Map(days.map((d) => [d, 0]));
  for (const e of entries) perDay.set(e.date, (perDay.get(e.date) ?? 0) + e.minutes);
  const s = sheet?.sheet;
  return {
    user: { id: String(user.id), name: user.name },
    week,
    from: days[0],
    to: days[6],
    status: s?.status ?? 'draft',
    entries,
    total_minutes: entries.reduce((sum, e) => sum + e.minutes, 0),
    days: days.map((date) => ({ date, minutes: perDay.get(date) ?? 0 })),
    submitted_at: s?.submittedAt?.toISOString() ?? null,
    decided_at: s?.decidedAt?.toISOString() ?? null,
    decided_by: s?.decidedBy ? { id: String(s.decidedBy), name: sheet?.deciderName ?? '' } : null,
    reason: s?.status === 'rejected' ? s.reason : null,
  };
}

/** A week of someone whose time is tracked; anyone else's, or a person the caller may not see, is 404. */
export async function loadPerson(db: DbOrTx, actor: Actor, action: 'timesheet:read' | 'timesheet:decide', userId: number) {
  const person = await timesheetFacts(db, userId);
  if (!person) throw new AppError('NOT_FOUND', TIMESHEET_NOT_FOUND);
  assertCan(actor, action, person.facts, TIMESHEET_NOT_FOUND);
  return { id: userId, name: person.name, role: person.role, facts: person.facts };
}

export function getTimesheet({ ctx }: TimeDeps) {
  return async (actor: Actor, query: { user_id?: string; week: string }) => {
    const person = await loadPerson(ctx.db, actor, 'timesheet:read', query.user_id ? Number(query.user_id) : actor.id);
    return presentTimesheet(ctx.db, actor, person, query.week);
  };
}
