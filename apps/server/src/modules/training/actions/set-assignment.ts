import { EMPLOYEE_ROLES, type SetTrainingAssignmentInput, type TrainingModule } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingModules } from '../../../db/schema.js';
import type { NotificationService } from '../../notifications/service.js';
import { notifyAssigned } from '../changes.js';
import { lockModule, materialCount, presentModule } from '../queries.js';

export function setAssignment(ctx: AppContext, notifications: NotificationService) {
  return async (actor: Actor, id: number, input: SetTrainingAssignmentInput): Promise<TrainingModule> => {
    assertCan(actor, 'training:manage', null);
    return ctx.transaction(async (tx, publish) => {
      const before = await lockModule(tx, id);
      const roles = EMPLOYEE_ROLES.filter((r) => input.roles.includes(r));
      const [row] = await tx
        .update(trainingModules)
        .set({ roles, ...(input.due_date !== undefined ? { dueDate: input.due_date } : {}), updatedAt: ctx.now() })
        .where(eq(trainingModules.id, id))
        .returning();
      await notifyAssigned(
        notifications,
        tx,
        publish,
        row,
        roles.filter((r) => !before.roles.includes(r)),
      );
      publish({ type: 'training.changed', moduleId: id, change: 'assignment', actorId: actor.id });
      return presentModule(row, await materialCount(tx, id));
    });
  };
}
