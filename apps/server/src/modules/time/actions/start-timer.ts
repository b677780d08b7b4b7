import { localDay } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { timers } from '../../../db/schema.js';
import { assertWeekOpen } from '../checks.js';
import type { TimeDeps } from '../deps.js';
import { lockPerson, presentEntryById, PROJECT_NOT_FOUND, resolveTarget } from '../queries.js';
import { closeTimer } from './stop-timer.js';
import { currentTimer } from './current-timer.js';

/**
 * Starts a timer on a card or project. One runs per person (its row's primary key): a timer already running is
 * stopped first and becomes an entry, as switching tasks does.
 */
export function startTimer(deps: TimeDeps) {
  const { ctx } = deps;
  return async (actor: Actor, input: { project_id?: string; card_id?: string; note?: string }) => {
    const target = await resolveTarget(ctx.db, input.project_id, input.card_id);
    assertCan(actor, 'time:track', target.facts, PROJECT_NOT_FOUND);
    const stoppedId = await ctx.transaction(async (tx, publish) => {
      await lockPerson(tx, actor.id);
      const stopped = await closeTimer(deps, tx, publish, actor);
      const now = ctx.now();
      await assertWeekOpen(tx, actor.id, localDay(now, ctx.config.agencyTimeZone), true);
      await tx
        .insert(timers)
        .values({ userId: actor.id, projectId: target.project.id, cardId: target.cardId, note: input.note ?? '', startedAt: now });
      return stopped;
    });
    return {
      timer: (await currentTimer(deps)(actor))!,
      stopped_entry: stoppedId === null ? null : await presentEntryById(ctx.db, stoppedId),
    };
  };
}
