import type { MyTrainingModule } from '@agency/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingMaterials, trainingModules } from '../../../db/schema.js';
import { completionsOf, presentMaterial, presentModule } from '../queries.js';

/** The caller's assigned, published modules in order, with their own completions. */
export function mine(ctx: AppContext) {
  return async (actor: Actor): Promise<MyTrainingModule[]> => {
    assertCan(actor, 'training:mine', null);
    const modules = await ctx.db
      .select()
      .from(trainingModules)
      .where(and(eq(trainingModules.status, 'published'), sql`${actor.role} = any(${trainingModules.roles})`))
      .orderBy(asc(trainingModules.position));
    if (modules.length === 0) return [];
    const materials = await ctx.db
      .select()
      .from(trainingMaterials)
      .where(
        inArray(
          trainingMaterials.moduleId,
          modules.map((m) => m.id),
        ),
      )
      .orderBy(asc(trainingMaterials.position));
    const done = await completionsOf(
      ctx.db,
      actor.id,
      materials.map((m) => m.id),
    );
    return modules.map((module) => {
      const own = materials.filter((m) => m.moduleId === module.id);
      const presented = own.map((m) => presentMaterial(ctx, actor, m, done.get(m.id) ?? null));
      return {
        ...presentModule(module, own.length),
        materials: presented,
        completed: presented.filter((m) => m.completed_at !== null).length,
        total: own.length,
      };
    });
  };
}
