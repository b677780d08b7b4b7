import type { UpdateColumnInput } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import { boardColumns } from '../../../db/schema.js';
import { changed } from '../changes.js';
import { loadColumn, presentColumn } from '../queries.js';

export function updateColumn(ctx: AppContext) {
  return async (actor: Actor, columnId: number, input: UpdateColumnInput) => {
    return ctx.transaction(async (tx, publish) => {
      const { column, project } = await loadColumn(tx, actor, columnId);
      const [updated] = await tx
        .update(boardColumns)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.wip_limit !== undefined ? { wipLimit: input.wip_limit } : {}),
          updatedAt: ctx.now(),
        })
        .where(eq(boardColumns.id, column.id))
        .returning();
      changed(publish, actor, project.id, 'columns', { columnId });
      return presentColumn(updated);
    });
  };
}
