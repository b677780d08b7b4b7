import { assertNever, type TimeEntryStatus, type UpdateTimeEntryData } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { timeEntries } from '../../../db/schema.js';
import { assertSpanAllowed, assertWeekOpen, costOf } from '../checks.js';
import type { TimeDeps } from '../deps.js';
import { ENTRY_NOT_FOUND, loadEntry, lockPerson, presentEntryById, PROJECT_NOT_FOUND, resolveTarget } from '../queries.js';
import { refreshTotals, totalsKey } from '../totals.js';

/** Why an entry in this status may not change (409), or null while it may. */
export function lockedBecause(status: TimeEntryStatus): string | null {
  switch (status) {
    case 'draft':
    case 'rejected':
      return null;
    case 'submitted':
      return 'This entry is submitted; it can change again if its week is sent back';
    case 'approved':
      return 'This entry is approved and locked';
    case 'billed':
      return 'This entry is billed on an invoice and locked';
    default:
      return assertNever(status);
  }
}

/** Changes one's own entry while it is a draft or was sent back; the same rules as a new entry hold for the result. */
export function updateEntry(deps: TimeDeps) {
  const { ctx } = deps;
  return async (actor: Actor, id: number, input: UpdateTimeEntryData) => {
    const { entry } = await loadEntry(ctx.db, actor, 'time:edit', id);
    const moving = input.project_id !== undefined || input.card_id !== undefined;
    const target = moving
      ? await resolveTarget(ctx.db, input.project_id ?? (input.card_id ? undefined : String(entry.projectId)), input.card_id)
      : null;
    if (target) assertCan(actor, 'time:track', target.facts, PROJECT_NOT_FOUND);
    await ctx.transaction(async (tx, publish) => {
      await lockPerson(tx, entry.userId);
      const [current] = await tx.select().from(timeEntries).where(eq(timeEntries.id, id)).for('update');
      if (!current) throw new AppError('NOT_FOUND', ENTRY_NOT_FOUND);
      const locked = lockedBecause(current.status);
      if (locked) throw new AppError('INVALID_TRANSITION', locked);
      const startedAt = input.started_at ? new Date(input.started_at) : current.startedAt;
      const minutes = input.minutes ?? current.minutes;
      const day = await assertSpanAllowed(ctx, tx, { userId: current.userId, startedAt, minutes }, { excludeEntryId: id, exactStart: true });
      await assertWeekOpen(tx, current.userId, day, true);
      const projectId = target?.project.id ?? current.projectId;
      // Naming only the project it is already on keeps the entry's card.
      const cardId = target && !(input.card_id === undefined && projectId === current.projectId) ? target.cardId : current.cardId;
      await tx
        .update(timeEntries)
        .set({
          projectId,
          cardId,
          startedAt,
          minutes,
          workDate: day,
          note: input.note ?? current.note,
          billable: input.billable ?? current.billable,
          ...(minutes !== current.minutes ? await costOf(tx, current.userId, minutes) : {}),
          updatedAt: ctx.now(),
        })
        .where(eq(timeEntries.id, id));
      await refreshTotals(deps, tx, publish, [totalsKey(current.projectId, current.workDate), totalsKey(projectId, day)]);
    });
    return presentEntryById(ctx.db, id);
  };
}
