import type { Actor } from '../../../core/actor.js';
import type { ContractDeps } from '../deps.js';
import { events, load } from '../queries.js';

/** A contract's trail, for whoever may download it. */
export function listContractEvents({ ctx }: ContractDeps) {
  return async (actor: Actor, id: number) => {
    await load(ctx, actor, 'contract:download', id);
    return events(ctx.db, id);
  };
}
