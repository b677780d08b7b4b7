import type { TrainingModule, UpdateTrainingModuleInput } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingModules } from '../../../db/schema.js';
import type { NotificationService } from '../../notifications/service.js';
import { notifyAssigned } from '../changes.js';
import { lockModule, materialCount, presentModule } from '../queries.js';

export function updateModule(ctx: AppContext, notifications: NotificationService) {
  return async (actor: Actor, id: number, input: UpdateTrainingModuleInput): Promise<TrainingModule> => {
    assertCan(actor, 'training:manage', null);
    return ctx.transaction(async (tx, publish) => {
      const before = await lockModule(tx, id);
      const now = ctx.now();
      const isPublishing = input.status === 'published' && before.status !== 'published';
      const [row] = await tx
        .update(trainingModules)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(isPublishing ? { publishedAt: now } : {}),
          updatedAt: now,
        })
        .where(eq(trainingModules.id, id))
        .returning();
      // Publishing hands the module to the roles it is assigned to: that is when they are told.
      if (isPublishing) await notifyAssigned(notifications, tx, publish, row, row.roles);
      publish({ type: 'training.changed', moduleId: id, change: 'module', actorId: actor.id });
      return presentModule(row, await materialCount(tx, id));
    });
  };
}
