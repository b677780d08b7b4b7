import type { UpdateContractInput } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { contracts } from '../../../db/schema.js';
import type { ContractDeps } from '../deps.js';
import type { RequestInfo } from '../helpers.js';
import { load } from '../queries.js';
import { renderDocument } from '../template-render.js';
import { recordEvent } from '../trail.js';
import { getContract } from './get-contract.js';

export function updateContract(deps: ContractDeps) {
  const { ctx } = deps;
  const get = getContract(deps);
  return async (actor: Actor, id: number, input: UpdateContractInput, info: RequestInfo) => {
    await ctx.transaction(async (tx) => {
      const row = await load(ctx, actor, 'contract:manage', id, tx, true);
      if (row.contract.status !== 'draft') throw new AppError('INVALID_TRANSITION', 'Only a draft can be edited');
      const body = input.body_markdown ?? row.contract.bodyMarkdown;
      // The same check as sending: an edit that could never be sent is refused now.
      renderDocument(row.contract.kind, body, {});
      await tx
        .update(contracts)
        .set({ title: input.title ?? row.contract.title, bodyMarkdown: body, updatedAt: ctx.now() })
        .where(and(eq(contracts.id, id), eq(contracts.status, 'draft')));
      await recordEvent(ctx, tx, id, 'updated', actor.id, info);
      await recordAudit(
        tx,
        actor,
        'contract.updated',
        { type: 'contract', id, before: { title: row.contract.title }, after: { title: input.title ?? row.contract.title } },
        ctx.now(),
      );
    });
    return get(actor, id);
  };
}
