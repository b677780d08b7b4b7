import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingMaterials, trainingModules } from '../../../db/schema.js';
import { lockModule } from '../queries.js';

export function deleteModule(ctx: AppContext) {
  return async (actor: Actor, id: number): Promise<void> => {
    assertCan(actor, 'training:manage', null);
    const files = await ctx.transaction(async (tx, publish) => {
      await lockModule(tx, id);
      const stored = await tx.select({ key: trainingMaterials.fileStoredFilename }).from(trainingMaterials).where(eq(trainingMaterials.moduleId, id));
      await tx.delete(trainingModules).where(eq(trainingModules.id, id));
      publish({ type: 'training.changed', moduleId: id, change: 'module', actorId: actor.id });
      return stored.flatMap((s) => (s.key ? [s.key] : []));
    });
    for (const key of files) await ctx.storage.remove(key);
  };
}
