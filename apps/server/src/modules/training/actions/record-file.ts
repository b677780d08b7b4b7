import type { TrainingMaterial } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingMaterials } from '../../../db/schema.js';
import { assertWithinQuota } from '../../storage/service.js';
import { kindOf } from '../changes.js';
import { MATERIAL_NOT_FOUND, presentMaterial } from '../queries.js';

/** Stores the material's one file, replacing (and then removing) the one before. */
export function recordFile(ctx: AppContext) {
  return async (actor: Actor, id: number, file: { name: string; mime: string; size: number; storedFilename: string }): Promise<TrainingMaterial> => {
    assertCan(actor, 'training:manage', null);
    const { row, previous } = await ctx.transaction(async (tx, publish) => {
      const [locked] = await tx.select().from(trainingMaterials).where(eq(trainingMaterials.id, id)).for('update');
      if (!locked) throw new AppError('NOT_FOUND', MATERIAL_NOT_FOUND);
      const [updated] = await tx
        .update(trainingMaterials)
        .set({
          fileStoredFilename: file.storedFilename,
          fileName: file.name,
          fileMime: file.mime,
          fileSize: file.size,
          fileUploadedBy: actor.id,
          kind: kindOf(locked.linkUrl, undefined, locked.kind, true),
          updatedAt: ctx.now(),
        })
        .where(eq(trainingMaterials.id, id))
        .returning();
      await assertWithinQuota(tx, ctx.config.storageQuotaBytes, actor);
      publish({ type: 'training.changed', moduleId: locked.moduleId, change: 'material', actorId: actor.id });
      return { row: updated, previous: locked.fileStoredFilename };
    });
    if (previous) await ctx.storage.remove(previous);
    return presentMaterial(ctx, actor, row);
  };
}
