import { MINUTES_PER_DAY } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import type { Publish } from '../../../core/events.js';
import { assertCan } from '../../../core/policy.js';
import type { Tx } from '../../../db/client.js';
import { timeEntries, timers } from '../../../db/schema.js';
import { assertSpanAllowed, assertWeekOpen, costOf } from '../checks.js';
import type { TimeDeps } from '../deps.js';
import { lockPerson, presentEntryById, PROJECT_NOT_FOUND, requireProject } from '../queries.js';
import { refreshTotals, totalsKey } from '../totals.js';

/**
 * Turns the person's running timer into an entry (the caller holds the person's lock): its minutes are the time
 * it ran, to the nearest minute and at least one. Null when no timer runs.
 */
export async function closeTimer(deps: TimeDeps, tx: Tx, publish: Publish, actor: Actor, note?: string): Promise<number | null> {
  const { ctx } = deps;
  const [timer] = await tx.select().from(timers).where(eq(timers.userId, actor.id)).for('update');
  if (!timer) return null;
  const info = await requireProject(tx, timer.projectId);
  assertCan(actor, 'time:track', info.facts, PROJECT_NOT_FOUND);
  const minutes = Math.max(1, Math.round((ctx.now().getTime() - timer.startedAt.getTime()) / 60_000));
  if (minutes > MINUTES_PER_DAY) {
    throw new AppError('VALIDATION_FAILED', 'minutes: The timer ran for more than 24 hours; discard it and enter the time by hand');
  }
  const span = { userId: actor.id, startedAt: timer.startedAt, minutes };
  const day = await assertSpanAllowed(ctx, tx, span, { exactStart: true, ignoreTimer: true });
  await assertWeekOpen(tx, actor.id, day, true);
  const now = ctx.now();
  const [created] = await tx
    .insert(timeEntries)
    .values({
      userId: actor.id,
      projectId: timer.projectId,
      cardId: timer.cardId,
      startedAt: timer.startedAt,
      minutes,
      workDate: day,
      note: note ?? timer.note,
      ...(await costOf(tx, actor.id, minutes)),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: timeEntries.id });
  await tx.delete(timers).where(eq(timers.userId, actor.id));
  await refreshTotals(deps, tx, publish, [totalsKey(timer.projectId, day)]);
  return created.id;
}

/** Stops one's running timer: it becomes an entry (409 when none runs). */
export function stopTimer(deps: TimeDeps) {
  const { ctx } = deps;
  return async (actor: Actor, note?: string) => {
    assertCan(actor, 'time:own', null);
    const id = await ctx.transaction(async (tx, publish) => {
      await lockPerson(tx, actor.id);
      return closeTimer(deps, tx, publish, actor, note);
    });
    if (id === null) throw new AppError('CONFLICT', 'No timer is running');
    return presentEntryById(ctx.db, id);
  };
}
