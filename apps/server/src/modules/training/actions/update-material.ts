import type { TrainingMaterial, UpdateTrainingMaterialInput } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingMaterials } from '../../../db/schema.js';
import { kindOf } from '../changes.js';
import { loadMaterial, presentMaterial } from '../queries.js';

export function updateMaterial(ctx: AppContext) {
  return async (actor: Actor, id: number, input: UpdateTrainingMaterialInput): Promise<TrainingMaterial> => {
    assertCan(actor, 'training:manage', null);
    return ctx.transaction(async (tx, publish) => {
      const { material } = await loadMaterial(tx, id);
      const linkUrl = input.link_url !== undefined ? input.link_url : material.linkUrl;
      const [row] = await tx
        .update(trainingMaterials)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.content !== undefined ? { content: input.content } : {}),
          linkUrl,
          kind: kindOf(linkUrl, input.link_kind, material.kind, material.fileStoredFilename !== null),
          updatedAt: ctx.now(),
        })
        .where(eq(trainingMaterials.id, id))
        .returning();
      publish({ type: 'training.changed', moduleId: material.moduleId, change: 'material', actorId: actor.id });
      return presentMaterial(ctx, actor, row);
    });
  };
}
