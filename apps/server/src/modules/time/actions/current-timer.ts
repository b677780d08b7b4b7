import type { Timer } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { boardCards, projects, timers } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';

/** The caller's running timer, or null: read from the database, so it is there after a reload or a restart. */
export function currentTimer({ ctx }: TimeDeps) {
  return async (actor: Actor): Promise<Timer | null> => {
    assertCan(actor, 'time:own', null);
    const [row] = await ctx.db
      .select({ timer: timers, projectTitle: projects.title, cardTitle: boardCards.title })
      .from(timers)
      .innerJoin(projects, eq(projects.id, timers.projectId))
      .leftJoin(boardCards, eq(boardCards.id, timers.cardId))
      .where(eq(timers.userId, actor.id));
    if (!row) return null;
    const { timer } = row;
    return {
      project_id: String(timer.projectId),
      project_title: row.projectTitle,
      card_id: timer.cardId === null ? null : String(timer.cardId),
      card_title: timer.cardId === null ? null : row.cardTitle,
      note: timer.note,
      started_at: timer.startedAt.toISOString(),
      elapsed_seconds: Math.max(0, Math.floor((ctx.now().getTime() - timer.startedAt.getTime()) / 1000)),
    };
  };
}
