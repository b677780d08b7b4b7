import type { Actor } from '../../../core/actor.js';
import type { ContractDeps } from '../deps.js';
import { load, present } from '../queries.js';

export function getContract({ ctx }: ContractDeps) {
  return async (actor: Actor, id: number) => present(ctx, actor, await load(ctx, actor, 'contract:read', id));
}
