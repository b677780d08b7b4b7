import type { TrainingModule } from '@agency/schema';
import { asc } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingModules } from '../../../db/schema.js';
import { materialCountSql, presentModule } from '../queries.js';

export function listModules(ctx: AppContext) {
  return async (actor: Actor): Promise<TrainingModule[]> => {
    assertCan(actor, 'training:manage', null);
    const rows = await ctx.db
      .select({
        module: trainingModules,
        n: materialCountSql,
      })
      .from(trainingModules)
      .orderBy(asc(trainingModules.position));
    return rows.map((r) => presentModule(r.module, Number(r.n)));
  };
}
