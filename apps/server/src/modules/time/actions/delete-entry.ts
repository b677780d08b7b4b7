import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { timeEntries } from '../../../db/schema.js';
import { assertWeekOpen } from '../checks.js';
import type { TimeDeps } from '../deps.js';
import { ENTRY_NOT_FOUND, loadEntry, lockPerson } from '../queries.js';
import { refreshTotals, totalsKey } from '../totals.js';
import { lockedBecause } from './update-entry.js';

/** Deletes one's own entry while it is a draft or was sent back. */
export function deleteEntry(deps: TimeDeps) {
  const { ctx } = deps;
  return async (actor: Actor, id: number) => {
    const { entry } = await loadEntry(ctx.db, actor, 'time:edit', id);
    await ctx.transaction(async (tx, publish) => {
      await lockPerson(tx, entry.userId);
      const [current] = await tx.select().from(timeEntries).where(eq(timeEntries.id, id)).for('update');
      if (!current) throw new AppError('NOT_FOUND', ENTRY_NOT_FOUND);
      const locked = lockedBecause(current.status);
      if (locked) throw new AppError('INVALID_TRANSITION', locked);
      await assertWeekOpen(tx, current.userId, current.workDate, true);
      await tx.delete(timeEntries).where(eq(timeEntries.id, id));
      await refreshTotals(deps, tx, publish, [totalsKey(current.projectId, current.workDate)]);
    });
  };
}
