import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { contracts } from '../../../db/schema.js';
import type { ContractDeps } from '../deps.js';
import type { RequestInfo } from '../helpers.js';
import { load } from '../queries.js';
import { recordEvent } from '../trail.js';
import { getContract } from './get-contract.js';

/** The signer opened a sent contract: recorded once, with where from. */
export function markContractViewed(deps: ContractDeps) {
  const { ctx } = deps;
  const get = getContract(deps);
  return async (actor: Actor, id: number, info: RequestInfo) => {
    await ctx.transaction(async (tx) => {
      const row = await load(ctx, actor, 'contract:sign', id, tx);
      if (row.contract.status !== 'sent' || row.contract.viewedAt) return;
      const updated = await tx
        .update(contracts)
        .set({ viewedAt: ctx.now() })
        .where(and(eq(contracts.id, id), eq(contracts.status, 'sent'), isNull(contracts.viewedAt)))
        .returning({ id: contracts.id });
      if (updated.length > 0) await recordEvent(ctx, tx, id, 'viewed', actor.id, info);
    });
    return get(actor, id);
  };
}
