import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { contracts } from '../../../db/schema.js';
import type { ContractDeps } from '../deps.js';
import type { RequestInfo } from '../helpers.js';
import { load } from '../queries.js';
import { notifyReminder } from '../reminders.js';
import { recordEvent } from '../trail.js';
import { getContract } from './get-contract.js';

export function remindSigner(deps: ContractDeps) {
  const { ctx, notifications } = deps;
  const get = getContract(deps);
  return async (actor: Actor, id: number, info: RequestInfo) => {
    await ctx.transaction(async (tx, publish) => {
      const row = await load(ctx, actor, 'contract:manage', id, tx, true);
      if (row.contract.status !== 'sent') throw new AppError('INVALID_TRANSITION', 'Only a contract awaiting signature can be reminded');
      await tx.update(contracts).set({ remindedAt: ctx.now() }).where(eq(contracts.id, id));
      await recordEvent(ctx, tx, id, 'reminded', actor.id, info);
      await notifyReminder(notifications, tx, publish, row.contract, row.projectTitle);
    });
    return get(actor, id);
  };
}
