import type { TrainingMaterial } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingMaterials } from '../../../db/schema.js';
import { keyForPlacement } from '../../board/ordering.js';
import { loadMaterial, lockModule, presentMaterial } from '../queries.js';

export function moveMaterial(ctx: AppContext) {
  return async (actor: Actor, id: number, input: { after_material_id?: string; before_material_id?: string }): Promise<TrainingMaterial> => {
    assertCan(actor, 'training:manage', null);
    return ctx.transaction(async (tx, publish) => {
      const { material } = await loadMaterial(tx, id);
      await lockModule(tx, material.moduleId);
      const siblings = await tx
        .select({ id: trainingMaterials.id, position: trainingMaterials.position })
        .from(trainingMaterials)
        .where(eq(trainingMaterials.moduleId, material.moduleId));
      const position = keyForPlacement(siblings, id, {
        afterId: input.after_material_id !== undefined ? Number(input.after_material_id) : undefined,
        beforeId: input.before_material_id !== undefined ? Number(input.before_material_id) : undefined,
      });
      const [row] = await tx.update(trainingMaterials).set({ position, updatedAt: ctx.now() }).where(eq(trainingMaterials.id, id)).returning();
      publish({ type: 'training.changed', moduleId: material.moduleId, change: 'material', actorId: actor.id });
      return presentMaterial(ctx, actor, row);
    });
  };
}
