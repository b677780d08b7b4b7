import type { CreateTimeEntryData } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { timeEntries } from '../../../db/schema.js';
import { assertSpanAllowed, assertWeekOpen, costOf, nextFreeStart } from '../checks.js';
import type { TimeDeps } from '../deps.js';
import { lockPerson, presentEntryById, PROJECT_NOT_FOUND, resolveTarget } from '../queries.js';
import { refreshTotals, totalsKey } from '../totals.js';

/** One's own time on a project or card: exactly placed (`started_at`), or after the day's other entries (`date`). */
export function createEntry(deps: TimeDeps) {
  const { ctx } = deps;
  return async (actor: Actor, input: CreateTimeEntryData) => {
    const target = await resolveTarget(ctx.db, input.project_id, input.card_id);
    assertCan(actor, 'time:track', target.facts, PROJECT_NOT_FOUND);
    const id = await ctx.transaction(async (tx, publish) => {
      await lockPerson(tx, actor.id);
      const exactStart = input.started_at !== undefined;
      const startedAt = input.started_at ? new Date(input.started_at) : await nextFreeStart(ctx, tx, actor.id, input.date!);
      const span = { userId: actor.id, startedAt, minutes: input.minutes };
      const day = await assertSpanAllowed(ctx, tx, span, { exactStart });
      await assertWeekOpen(tx, actor.id, day, true);
      const now = ctx.now();
      const [created] = await tx
        .insert(timeEntries)
        .values({
          userId: actor.id,
          projectId: target.project.id,
          cardId: target.cardId,
          startedAt,
          minutes: input.minutes,
          workDate: day,
          note: input.note ?? '',
          billable: input.billable ?? true,
          ...(await costOf(tx, actor.id, input.minutes)),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: timeEntries.id });
      await refreshTotals(deps, tx, publish, [totalsKey(target.project.id, day)]);
      return created.id;
    });
    return presentEntryById(ctx.db, id);
  };
}
