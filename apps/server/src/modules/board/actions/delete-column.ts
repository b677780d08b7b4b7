import { count, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import type { AppContext } from '../../../context.js';
import { boardColumns } from '../../../db/schema.js';
import { changed, syncDone } from '../changes.js';
import { cardCount, COLUMN_NOT_FOUND, loadColumn, lockBoard, lockColumn } from '../queries.js';

export function deleteColumn(ctx: AppContext) {
  return async (actor: Actor, columnId: number) => {
    await ctx.transaction(async (tx, publish) => {
      const { project } = await loadColumn(tx, actor, columnId);
      await lockBoard(tx, project.id);
      const column = await lockColumn(tx, project.id, columnId, COLUMN_NOT_FOUND);
      if ((await cardCount(tx, columnId)) > 0)
        throw new AppError('COLUMN_NOT_EMPTY', `Only an empty column can be deleted; move the cards out of "${column.name}" first`);
      const [row] = await tx.select({ n: count() }).from(boardColumns).where(eq(boardColumns.projectId, project.id));
      if (Number(row?.n ?? 0) <= 1) throw new AppError('CONFLICT', 'A board keeps at least one column');
      await tx.delete(boardColumns).where(eq(boardColumns.id, columnId));
      await syncDone(ctx, tx, project.id);
      changed(publish, actor, project.id, 'columns', { columnId });
    });
  };
}
