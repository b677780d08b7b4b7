import type { ProjectProgress } from '@agency/schema';
import { count, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { boardCards } from '../../../db/schema.js';
import { doneColumnId } from '../ordering.js';
import { columnsOf, loadProject } from '../queries.js';

/** What anyone who may see the project (its client included) may know: counts per column, never the cards. */
export function progress(ctx: AppContext) {
  return async (actor: Actor, projectId: number): Promise<ProjectProgress> => {
    const project = await loadProject(ctx.db, projectId, 'Project not found');
    assertCan(actor, 'project:read', project.facts, 'Project not found');
    const columns = await columnsOf(ctx.db, projectId);
    if (columns.length === 0) return { has_board: false, columns: [], total: 0, done: 0 };
    const counts = await ctx.db
      .select({ columnId: boardCards.columnId, n: count() })
      .from(boardCards)
      .where(eq(boardCards.projectId, projectId))
      .groupBy(boardCards.columnId);
    const byColumn = new Map(counts.map((c) => [c.columnId, Number(c.n)]));
    const doneId = doneColumnId(columns);
    return {
      has_board: true,
      columns: columns.map((c) => ({ name: c.name, count: byColumn.get(c.id) ?? 0 })),
      total: counts.reduce((n, c) => n + Number(c.n), 0),
      done: doneId !== null ? (byColumn.get(doneId) ?? 0) : 0,
    };
  };
}
