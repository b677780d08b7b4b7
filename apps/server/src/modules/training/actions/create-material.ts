import type { CreateTrainingMaterialInput, TrainingMaterial } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingMaterials } from '../../../db/schema.js';
import { keyForPlacement } from '../../board/ordering.js';
import { kindOf } from '../changes.js';
import { lockModule, presentMaterial } from '../queries.js';

export function createMaterial(ctx: AppContext) {
  return async (actor: Actor, moduleId: number, input: CreateTrainingMaterialInput): Promise<TrainingMaterial> => {
    assertCan(actor, 'training:manage', null);
    return ctx.transaction(async (tx, publish) => {
      await lockModule(tx, moduleId);
      const siblings = await tx
        .select({ id: trainingMaterials.id, position: trainingMaterials.position })
        .from(trainingMaterials)
        .where(eq(trainingMaterials.moduleId, moduleId));
      const now = ctx.now();
      const linkUrl = input.link_url ?? null;
      const [row] = await tx
        .insert(trainingMaterials)
        .values({
          moduleId,
          title: input.title,
          description: input.description ?? '',
          kind: kindOf(linkUrl, input.link_kind, null, false),
          linkUrl,
          content: input.content ?? '',
          position: keyForPlacement(siblings, null, {}),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      publish({ type: 'training.changed', moduleId, change: 'material', actorId: actor.id });
      return presentMaterial(ctx, actor, row);
    });
  };
}
