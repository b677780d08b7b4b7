import { isBoardReadable, isBoardWritable, type Board } from '@agency/schema';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan, can } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { users } from '../../../db/schema.js';
import { ensureBoard } from '../changes.js';
import { BOARD_NOT_FOUND, columnsOf, loadProject, presentColumn, teamIds } from '../queries.js';

/**
 * The board as JSON text, ready to send. The cards (a thousand on a big board) are turned into JSON by the
 * database, one array per column in order, and spliced in: no per-card work in this process. The shape is
 * `boardSchema`'s; the board tests read it through the API.
 */
export function boardJson(ctx: AppContext) {
  return async (actor: Actor, projectId: number): Promise<string> => {
    const project = await loadProject(ctx.db, projectId, BOARD_NOT_FOUND);
    assertCan(actor, 'board:read', project.facts, BOARD_NOT_FOUND);
    if (!isBoardReadable(project.status)) throw new AppError('BOARD_CLOSED', 'The board opens once the project is approved');
    const team = teamIds(project);
    const [existing, cards, members] = await Promise.all([
      columnsOf(ctx.db, projectId),
      ctx.db.execute(sql`
        select column_id, json_agg(card order by position)::text as cards
        from (
          select id::text as id, project_id::text as project_id, column_id::text as column_id, title, position,
                 version, assignee_ids::text[] as assignee_ids, labels, due_date::text as due_date, done_at is not null as done,
                 case when checklist = '[]'::jsonb then 0
                      else (select count(*) from jsonb_array_elements(checklist) item where item->>'done' = 'true') end as checklist_done,
                 jsonb_array_length(checklist) as checklist_total, comment_count, attachment_count,
                 to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
          from board_cards where project_id = ${projectId}
        ) card
        group by column_id`) as unknown as Promise<{ rows: { column_id: string; cards: string }[] }>,
      team.length
        ? ctx.db.select({ id: users.id, name: users.name, role: users.role }).from(users).where(inArray(users.id, team)).orderBy(asc(users.name))
        : Promise.resolve([]),
    ]);
    let columns = existing;
    if (columns.length === 0) {
      await ensureBoard(ctx, projectId);
      columns = await columnsOf(ctx.db, projectId);
    }
    const byColumn = new Map(cards.rows.map((r) => [r.column_id, r.cards]));
    const head: Omit<Board, 'columns'> = {
      project: { id: String(project.id), title: project.title, status: project.status },
      writable: isBoardWritable(project.status),
      can_manage_columns: isBoardWritable(project.status) && can(actor, 'board:manage_columns', project.facts),
      members: members.map((m) => ({ id: String(m.id), name: m.name, role: m.role === 'teamlead' ? 'teamlead' : 'teammember' })),
    };
    const columnsJson = columns.map((c) => `${JSON.stringify(presentColumn(c)).slice(0, -1)},"cards":${byColumn.get(String(c.id)) ?? '[]'}}`);
    return `${JSON.stringify(head).slice(0, -1)},"columns":[${columnsJson.join(',')}]}`;
  };
}
