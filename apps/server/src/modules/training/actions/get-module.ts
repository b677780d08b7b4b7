import type { TrainingModuleDetail } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { completionsOf, factsOf, loadModule, materialsOf, MODULE_NOT_FOUND, presentMaterial, presentModule } from '../queries.js';

export function getModule(ctx: AppContext) {
  return async (actor: Actor, id: number): Promise<TrainingModuleDetail> => {
    const module = await loadModule(ctx.db, id);
    assertCan(actor, 'training:read', factsOf(module), MODULE_NOT_FOUND);
    const materials = await materialsOf(ctx.db, module.id);
    const done = await completionsOf(
      ctx.db,
      actor.id,
      materials.map((m) => m.id),
    );
    return { ...presentModule(module, materials.length), materials: materials.map((m) => presentMaterial(ctx, actor, m, done.get(m.id) ?? null)) };
  };
}
