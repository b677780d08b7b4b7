import {
  chargeForMinutes,
  DAY_START_MINUTES,
  describeDuration,
  formatDate,
  formatFullDateTime,
  isoWeekOf,
  localDay,
  MINUTES_PER_DAY,
  zonedMoment,
  type TimesheetStatus,
} from '@agency/schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '../../core/errors.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { projects, timeEntries, timers, timesheets, userRates } from '../../db/schema.js';

/** A span of one person's time: where it starts and how long it is. */
export type Span = { userId: number; startedAt: Date; minutes: number };

const MINUTE_MS = 60_000;
const iso = (at: Date) => at.toISOString();

/** "24 Nov 2026, 09:00 to 10:30" in the agency's time zone. */
function describeSpan(ctx: AppContext, startedAt: Date, minutes: number): string {
  const timeZone = ctx.config.agencyTimeZone;
  const end = new Date(startedAt.getTime() + minutes * MINUTE_MS);
  return `${formatFullDateTime(startedAt, { timeZone })} to ${formatFullDateTime(end, { timeZone }).slice(-5)}`;
}

/**
 * Where an entry given as a day and a length goes: after that day's last entry, or at 09:00 (agency time) when the
 * day has none yet, as the week grid adds time.
 */
export async function nextFreeStart(ctx: AppContext, tx: Tx, userId: number, day: string): Promise<Date> {
  const [row] = await tx
    .select({ end: sql<string | null>`max(${timeEntries.startedAt} + ${timeEntries.minutes} * interval '1 minute')` })
    .from(timeEntries)
    .where(and(eq(timeEntries.userId, userId), eq(timeEntries.workDate, day)));
  const dayStart = zonedMoment(day, DAY_START_MINUTES, ctx.config.agencyTimeZone);
  const lastEnd = row?.end ? new Date(row.end) : null;
  return lastEnd && lastEnd > dayStart ? lastEnd : dayStart;
}

/**
 * The rules every entry keeps, 400 with a message that says which: not in the future, no overlap with the person's
 * other entries or running timer, at most 24 hours on a day. `exactStart` is false for an entry placed by the server
 * after a day's others: only its day is held against today then.
 */
export async function assertSpanAllowed(
  ctx: AppContext,
  tx: Tx,
  span: Span,
  options: { excludeEntryId?: number; exactStart: boolean; ignoreTimer?: boolean },
): Promise<string> {
  const timeZone = ctx.config.agencyTimeZone;
  const now = ctx.now();
  const day = localDay(span.startedAt, timeZone);
  if (day > localDay(now, timeZone)) throw new AppError('VALIDATION_FAILED', `date: Time cannot be entered for a future day (${formatDate(day)})`);
  if (options.exactStart && span.startedAt.getTime() > now.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'started_at: An entry cannot start in the future');
  }
  const end = new Date(span.startedAt.getTime() + span.minutes * MINUTE_MS);
  // An entry is at most a day long, so only entries that started within a day before this one can reach into it.
  const earliest = new Date(span.startedAt.getTime() - MINUTES_PER_DAY * MINUTE_MS);
  const [clash] = await tx
    .select({ startedAt: timeEntries.startedAt, minutes: timeEntries.minutes, projectTitle: projects.title })
    .from(timeEntries)
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .where(
      and(
        eq(timeEntries.userId, span.userId),
        sql`${timeEntries.startedAt} < ${iso(end)}::timestamptz`,
        sql`${timeEntries.startedAt} > ${iso(earliest)}::timestamptz`,
        sql`${timeEntries.startedAt} + ${timeEntries.minutes} * interval '1 minute' > ${iso(span.startedAt)}::timestamptz`,
        options.excludeEntryId === undefined ? undefined : ne(timeEntries.id, options.excludeEntryId),
      ),
    )
    .orderBy(timeEntries.startedAt)
    .limit(1);
  if (clash) {
    throw new AppError(
      'VALIDATION_FAILED',
      `started_at: This time overlaps your entry of ${describeSpan(ctx, clash.startedAt, clash.minutes)} on "${clash.projectTitle}"`,
    );
  }
  if (!options.ignoreTimer) {
    const [timer] = await tx.select({ startedAt: timers.startedAt }).from(timers).where(eq(timers.userId, span.userId));
    if (timer && timer.startedAt < end && span.startedAt < now) {
      throw new AppError(
        'VALIDATION_FAILED',
        `started_at: This time overlaps your running timer, started ${formatFullDateTime(timer.startedAt, { timeZone })}; stop it first`,
      );
    }
  }
  const [total] = await tx
    .select({ minutes: sql<string>`coalesce(sum(${timeEntries.minutes}), 0)` })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.userId, span.userId),
        eq(timeEntries.workDate, day),
        options.excludeEntryId === undefined ? undefined : ne(timeEntries.id, options.excludeEntryId),
      ),
    );
  const dayMinutes = Number(total?.minutes ?? 0) + span.minutes;
  if (dayMinutes > MINUTES_PER_DAY) {
    throw new AppError('VALIDATION_FAILED', `minutes: That makes ${describeDuration(dayMinutes)} on ${formatDate(day)}; a day has at most 24 hours`);
  }
  return day;
}

/** A week's status: its row's, or a draft while nobody has submitted it. */
export async function weekStatus(tx: Tx, userId: number, week: string): Promise<TimesheetStatus> {
  const [row] = await tx
    .select({ status: timesheets.status })
    .from(timesheets)
    .where(and(eq(timesheets.userId, userId), eq(timesheets.week, week)));
  return row?.status ?? 'draft';
}

/** Time can be added to, moved within or taken from a week only while it is a draft or was sent back (409 otherwise). */
export async function assertWeekOpen(tx: Tx, userId: number, day: string, own: boolean) {
  const week = isoWeekOf(day);
  const status = await weekStatus(tx, userId, week);
  const whose = own ? 'Your' : 'This';
  if (status === 'submitted') {
    throw new AppError('INVALID_TRANSITION', `${whose} timesheet for ${week} is submitted; it can change again if it is sent back`);
  }
  if (status === 'approved') throw new AppError('INVALID_TRANSITION', `${whose} timesheet for ${week} is approved and locked`);
}

/** What an entry costs at the person's cost rate now: minor units of the rate's currency, rounded once. */
export async function costOf(tx: Tx, userId: number, minutes: number) {
  const [rate] = await tx.select().from(userRates).where(eq(userRates.userId, userId));
  if (!rate || rate.costRate === null) return { costRate: null, costCurrency: null, cost: 0 };
  return { costRate: rate.costRate, costCurrency: rate.currency, cost: chargeForMinutes(minutes, rate.costRate) };
}
