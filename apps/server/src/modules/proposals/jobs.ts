import type { AppContext } from '../../context.js';
import type { ProposalService } from './service.js';

export const PROPOSAL_SWEEP_QUEUE = 'proposal-sweep';
export const PROPOSAL_EXPIRE_QUEUE = 'proposal-expire';
export const PROPOSAL_REMIND_QUEUE = 'proposal-remind';

/**
 * Proposals in the background: a sweep each minute finds sent proposals past their last valid day or near it and
 * queues one job per proposal, keyed by it (`proposal-expire:42`); each handler claims its change with a conditional
 * update, so a proposal expires once and its owners are reminded once however many nodes run.
 */
export function registerProposalJobs(ctx: AppContext, proposals: ProposalService) {
  ctx.jobs.define<{ id: number }>(PROPOSAL_EXPIRE_QUEUE, async ({ id }) => void (await proposals.expire(id)), { policy: 'stately', retryLimit: 5 });
  ctx.jobs.define<{ id: number }>(PROPOSAL_REMIND_QUEUE, async ({ id }) => void (await proposals.remind(id)), { policy: 'stately', retryLimit: 5 });
  ctx.jobs.define(PROPOSAL_SWEEP_QUEUE, async () => void (await sweepProposals(ctx, proposals)), {
    cron: '* * * * *',
    retryLimit: 0,
    policy: 'singleton',
  });
}

/** Queues what is due now; also what the cron runs. */
export async function sweepProposals(ctx: AppContext, proposals: ProposalService) {
  const due = await proposals.due();
  for (const id of due.expire) await ctx.jobs.send(PROPOSAL_EXPIRE_QUEUE, { id }, { singletonKey: `proposal-expire:${id}` });
  for (const id of due.remind) await ctx.jobs.send(PROPOSAL_REMIND_QUEUE, { id }, { singletonKey: `proposal-remind:${id}` });
  return due;
}
