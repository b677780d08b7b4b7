import type { ContractStatus } from '@agency/schema';
import type { Actor } from '../../core/actor.js';
import type { Publish } from '../../core/events.js';
import type { DbOrTx } from '../../db/client.js';
import { contracts } from '../../db/schema.js';
import type { ContractDeps } from './deps.js';
import { STAFF_EVENT, type ContractRow, type RequestInfo } from './helpers.js';
import { contractLifecycle, type ContractMachineFacts } from './lifecycle.js';
import { factsOf, load, present, type Row } from './queries.js';
import { recordEvent } from './trail.js';

/** A change by staff through the state machine: locked read, access, transition, trail, notifications, event. */
export async function staffTransition(
  { ctx }: ContractDeps,
  actor: Actor,
  id: number,
  to: ContractStatus,
  info: RequestInfo,
  apply: (
    tx: DbOrTx,
    row: Row,
    publish: Publish,
  ) => Promise<{ set: Partial<ContractRow>; note?: string; after: (updated: ContractRow) => Promise<void> }>,
) {
  await ctx.transaction(async (tx, publish) => {
    const row = await load(ctx, actor, 'contract:manage', id, tx, true);
    const facts: ContractMachineFacts = { ...factsOf(row), by: 'person' };
    contractLifecycle.assertMay(actor, facts, row.contract.status, to);
    const { set, note, after } = await apply(tx, row, publish);
    await contractLifecycle.transition(tx, {
      table: contracts,
      id,
      actor,
      resource: facts,
      from: row.contract.status,
      to,
      set: { ...set, updatedAt: ctx.now() },
      after: async (updated) => {
        await recordEvent(ctx, tx, id, STAFF_EVENT[to], actor.id, info, note);
        await after(updated);
      },
    });
  });
  return present(ctx, actor, await load(ctx, actor, 'contract:read', id));
}
