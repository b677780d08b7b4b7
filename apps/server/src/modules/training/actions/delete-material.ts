import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingMaterials } from '../../../db/schema.js';
import { loadMaterial } from '../queries.js';

export function deleteMaterial(ctx: AppContext) {
  return async (actor: Actor, id: number): Promise<void> => {
    assertCan(actor, 'training:manage', null);
    const key = await ctx.transaction(async (tx, publish) => {
      const { material } = await loadMaterial(tx, id);
      await tx.delete(trainingMaterials).where(eq(trainingMaterials.id, id));
      publish({ type: 'training.changed', moduleId: material.moduleId, change: 'material', actorId: actor.id });
      return material.fileStoredFilename;
    });
    if (key) await ctx.storage.remove(key);
  };
}
