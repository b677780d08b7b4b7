import type { MyCard } from '@agency/schema';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { boardCards, boardColumns, projects } from '../../../db/schema.js';
import { visibleBoards } from '../queries.js';

/** The caller's open cards across the projects they work on: overdue and due soon first. */
export function myCards(ctx: AppContext) {
  return async (actor: Actor): Promise<MyCard[]> => {
    assertCan(actor, 'board:overview', null);
    const rows = await ctx.db
      .select({
        id: boardCards.id,
        title: boardCards.title,
        projectId: projects.id,
        projectTitle: projects.title,
        columnName: boardColumns.name,
        dueDate: boardCards.dueDate,
        labels: boardCards.labels,
        checklist: boardCards.checklist,
      })
      .from(boardCards)
      .innerJoin(projects, eq(projects.id, boardCards.projectId))
      .innerJoin(boardColumns, eq(boardColumns.id, boardCards.columnId))
      .where(
        and(
          sql`${boardCards.assigneeIds} @> array[${actor.id}]::bigint[]`,
          isNull(boardCards.doneAt),
          inArray(projects.status, ['approved', 'in_progress']),
          visibleBoards(actor),
        ),
      )
      .orderBy(sql`${boardCards.dueDate} asc nulls last`, asc(boardCards.id))
      .limit(100);
    return rows.map((r) => ({
      id: String(r.id),
      title: r.title,
      project: { id: String(r.projectId), title: r.projectTitle },
      column_name: r.columnName,
      due_date: r.dueDate,
      labels: r.labels,
      checklist_done: r.checklist.filter((i) => i.done).length,
      checklist_total: r.checklist.length,
    }));
  };
}
