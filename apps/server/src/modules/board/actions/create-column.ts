import { BOARD_MAX_COLUMNS, type CreateColumnInput } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { boardColumns } from '../../../db/schema.js';
import { changed, ensureBoard, syncDone } from '../changes.js';
import { keyForPlacement } from '../ordering.js';
import { assertWritable, BOARD_NOT_FOUND, columnsOf, loadProject, lockBoard, presentColumn } from '../queries.js';

export function createColumn(ctx: AppContext) {
  return async (actor: Actor, projectId: number, input: CreateColumnInput) => {
    const project = await loadProject(ctx.db, projectId, BOARD_NOT_FOUND);
    assertCan(actor, 'board:manage_columns', project.facts, BOARD_NOT_FOUND);
    assertWritable(project);
    await ensureBoard(ctx, projectId);
    return ctx.transaction(async (tx, publish) => {
      await lockBoard(tx, projectId);
      const columns = await columnsOf(tx, projectId);
      if (columns.length >= BOARD_MAX_COLUMNS) throw new AppError('CONFLICT', `A board can have at most ${BOARD_MAX_COLUMNS} columns`);
      // By default a new column goes just before the last one, which stays the done column.
      const placement =
        input.after_column_id !== undefined
          ? { afterId: Number(input.after_column_id) }
          : columns.length > 0
            ? { beforeId: columns[columns.length - 1].id }
            : {};
      const position = keyForPlacement(columns, null, placement);
      const [column] = await tx
        .insert(boardColumns)
        .values({ projectId, name: input.name, wipLimit: input.wip_limit ?? null, position, createdAt: ctx.now(), updatedAt: ctx.now() })
        .returning();
      await syncDone(ctx, tx, projectId);
      changed(publish, actor, projectId, 'columns', { columnId: column.id });
      return presentColumn(column);
    });
  };
}
