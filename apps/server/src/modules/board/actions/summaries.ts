import type { BoardSummary } from '@agency/schema';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { boardCards, boardColumns, boards, projects } from '../../../db/schema.js';
import { ensureBoard } from '../changes.js';
import { visibleBoards } from '../queries.js';

/** Each open project's board at a glance: cards per column, done, overdue and unassigned. */
export function summaries(ctx: AppContext) {
  return async (actor: Actor): Promise<BoardSummary[]> => {
    assertCan(actor, 'board:overview', null);
    const today = ctx.now().toISOString().slice(0, 10);
    const open = await ctx.db
      .select({ id: projects.id, title: projects.title, status: projects.status, board: boards.projectId })
      .from(projects)
      .leftJoin(boards, eq(boards.projectId, projects.id))
      .where(and(inArray(projects.status, ['approved', 'in_progress']), visibleBoards(actor)))
      .orderBy(desc(projects.id))
      .limit(50);
    if (open.length === 0) return [];
    // A project whose board nobody has opened yet gets its default columns now, as opening it would: the
    // summary shows every open project, empty boards included.
    for (const p of open) if (p.board === null) await ensureBoard(ctx, p.id);
    const ids = open.map((p) => p.id);
    const [columns, counts] = await Promise.all([
      ctx.db.select().from(boardColumns).where(inArray(boardColumns.projectId, ids)).orderBy(asc(boardColumns.position)),
      ctx.db
        .select({
          columnId: boardCards.columnId,
          n: count(),
          overdue: sql<number>`count(*) filter (where ${boardCards.doneAt} is null and ${boardCards.dueDate} < ${today})`,
          unassigned: sql<number>`count(*) filter (where ${boardCards.doneAt} is null and cardinality(${boardCards.assigneeIds}) = 0)`,
          done: sql<number>`count(*) filter (where ${boardCards.doneAt} is not null)`,
        })
        .from(boardCards)
        .where(inArray(boardCards.projectId, ids))
        .groupBy(boardCards.columnId),
    ]);
    const byColumn = new Map(counts.map((c) => [c.columnId, c]));
    return open.map((p) => {
      const own = columns.filter((c) => c.projectId === p.id);
      const tally = own.map((c) => byColumn.get(c.id));
      const sum = (pick: (t: NonNullable<(typeof tally)[number]>) => number) => tally.reduce((n, t) => n + (t ? Number(pick(t)) : 0), 0);
      return {
        project: { id: String(p.id), title: p.title, status: p.status },
        columns: own.map((c) => ({ id: String(c.id), name: c.name, count: Number(byColumn.get(c.id)?.n ?? 0), wip_limit: c.wipLimit })),
        total: sum((t) => t.n),
        done: sum((t) => t.done),
        overdue: sum((t) => t.overdue),
        unassigned: sum((t) => t.unassigned),
      };
    });
  };
}
