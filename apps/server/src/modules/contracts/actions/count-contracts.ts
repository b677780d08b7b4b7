import { CONTRACT_STATUSES, type ContractListQuery, type ContractStatus } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { ContractDeps } from '../deps.js';
import { countByStatus, filters } from '../queries.js';

/** Counts by status over the same filters as the list (except the status itself). */
export function countContracts({ ctx }: ContractDeps) {
  return async (actor: Actor, query: ContractListQuery) => {
    assertCan(actor, 'contract:list', null);
    const rows = await countByStatus(ctx.db, filters(actor, query));
    const counts = Object.fromEntries(CONTRACT_STATUSES.map((s) => [s, 0])) as Record<ContractStatus, number>;
    for (const r of rows) counts[r.status] = Number(r.n);
    return { counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
  };
}
