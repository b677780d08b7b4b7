import type { CreateTrainingModuleInput, TrainingModule } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingModules } from '../../../db/schema.js';
import { keyForPlacement } from '../../board/ordering.js';
import { lockModules, orderedModules, presentModule } from '../queries.js';

export function createModule(ctx: AppContext) {
  return async (actor: Actor, input: CreateTrainingModuleInput): Promise<TrainingModule> => {
    assertCan(actor, 'training:manage', null);
    return ctx.transaction(async (tx, publish) => {
      await lockModules(tx);
      const position = keyForPlacement(await orderedModules(tx), null, {});
      const now = ctx.now();
      const [row] = await tx
        .insert(trainingModules)
        .values({ title: input.title, description: input.description ?? '', position, createdBy: actor.id, createdAt: now, updatedAt: now })
        .returning();
      publish({ type: 'training.changed', moduleId: row.id, change: 'module', actorId: actor.id });
      return presentModule(row, 0);
    });
  };
}
