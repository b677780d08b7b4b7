import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { loadMaterial } from '../queries.js';

/** Staff only; checked before the upload is read. */
export function assertMayUpload(ctx: AppContext) {
  return async (actor: Actor, id: number) => {
    assertCan(actor, 'training:manage', null);
    await loadMaterial(ctx.db, id);
  };
}
