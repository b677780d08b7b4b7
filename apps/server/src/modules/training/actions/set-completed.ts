import type { TrainingMaterial } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingCompletions } from '../../../db/schema.js';
import { completionsOf, factsOf, loadMaterial, MATERIAL_NOT_FOUND, presentMaterial } from '../queries.js';

export function setCompleted(ctx: AppContext) {
  return async (actor: Actor, id: number, isCompleted: boolean): Promise<TrainingMaterial> => {
    const { material, module } = await loadMaterial(ctx.db, id);
    assertCan(actor, 'training:complete', factsOf(module), MATERIAL_NOT_FOUND);
    const completedAt = await ctx.transaction(async (tx, publish) => {
      if (isCompleted) {
        await tx.insert(trainingCompletions).values({ materialId: id, userId: actor.id, completedAt: ctx.now() }).onConflictDoNothing();
      } else {
        await tx.delete(trainingCompletions).where(and(eq(trainingCompletions.materialId, id), eq(trainingCompletions.userId, actor.id)));
      }
      publish({ type: 'training.changed', moduleId: module.id, change: 'completion', actorId: actor.id });
      return (await completionsOf(tx, actor.id, [id])).get(id) ?? null;
    });
    return presentMaterial(ctx, actor, material, completedAt);
  };
}
