import type { TrainingModule } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingModules } from '../../../db/schema.js';
import { keyForPlacement } from '../../board/ordering.js';
import { loadModule, lockModules, materialCount, orderedModules, presentModule } from '../queries.js';

export function moveModule(ctx: AppContext) {
  return async (actor: Actor, id: number, input: { after_module_id?: string; before_module_id?: string }): Promise<TrainingModule> => {
    assertCan(actor, 'training:manage', null);
    return ctx.transaction(async (tx, publish) => {
      await lockModules(tx);
      await loadModule(tx, id);
      const position = keyForPlacement(await orderedModules(tx), id, {
        afterId: input.after_module_id !== undefined ? Number(input.after_module_id) : undefined,
        beforeId: input.before_module_id !== undefined ? Number(input.before_module_id) : undefined,
      });
      const [row] = await tx.update(trainingModules).set({ position, updatedAt: ctx.now() }).where(eq(trainingModules.id, id)).returning();
      publish({ type: 'training.changed', moduleId: id, change: 'module', actorId: actor.id });
      return presentModule(row, await materialCount(tx, id));
    });
  };
}
