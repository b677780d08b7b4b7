import type { MoveColumnInput } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import { boardColumns } from '../../../db/schema.js';
import { changed, syncDone } from '../changes.js';
import { keyForPlacement } from '../ordering.js';
import { columnsOf, loadColumn, lockBoard, presentColumn } from '../queries.js';

export function moveColumn(ctx: AppContext) {
  return async (actor: Actor, columnId: number, input: MoveColumnInput) => {
    return ctx.transaction(async (tx, publish) => {
      const { project } = await loadColumn(tx, actor, columnId);
      await lockBoard(tx, project.id);
      const columns = await columnsOf(tx, project.id);
      const position = keyForPlacement(columns, columnId, {
        afterId: input.after_column_id !== undefined ? Number(input.after_column_id) : undefined,
        beforeId: input.before_column_id !== undefined ? Number(input.before_column_id) : undefined,
      });
      const [updated] = await tx.update(boardColumns).set({ position, updatedAt: ctx.now() }).where(eq(boardColumns.id, columnId)).returning();
      await syncDone(ctx, tx, project.id);
      changed(publish, actor, project.id, 'columns', { columnId });
      return presentColumn(updated);
    });
  };
}
