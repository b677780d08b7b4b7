import type { AppContext } from '../../context.js';
import type { ContractService } from './service.js';

export const CONTRACT_SWEEP_QUEUE = 'contract-sweep';
export const CONTRACT_REMIND_QUEUE = 'contract-remind';
export const CONTRACT_EXPIRE_QUEUE = 'contract-expire';
export const CONTRACT_GENERATE_QUEUE = 'contract-generate';

/**
 * Contracts in the background: a sweep each minute finds sent contracts due their one reminder or past their
 * expiry and queues one job per contract, keyed by it (`contract-remind:42`); each handler claims its change with a
 * conditional update, so a reminder goes out once and a contract expires once however many nodes run.
 * Approving a project generates its draft contracts right after the approval commits; a process that stops in
 * between leaves an approved project with none, which the sweep finds and queues (`contract-generate:project:7`).
 */
export function registerContractJobs(ctx: AppContext, contracts: ContractService) {
  ctx.jobs.define<{ id: number }>(CONTRACT_REMIND_QUEUE, async ({ id }) => void (await contracts.sendDueReminder(id)), {
    policy: 'stately',
    retryLimit: 5,
  });
  ctx.jobs.define<{ id: number }>(CONTRACT_EXPIRE_QUEUE, async ({ id }) => void (await contracts.expire(id)), {
    policy: 'stately',
    retryLimit: 5,
  });
  ctx.jobs.define<{ projectId: number }>(CONTRACT_GENERATE_QUEUE, async ({ projectId }) => void (await contracts.generateForProject(projectId)), {
    policy: 'stately',
    retryLimit: 5,
  });
  ctx.jobs.define(CONTRACT_SWEEP_QUEUE, async () => void (await sweepContracts(ctx, contracts)), {
    cron: '* * * * *',
    retryLimit: 0,
    policy: 'singleton',
  });

  ctx.events.subscribe('project.status_changed', async (event) => {
    if (event.to === 'approved') await contracts.generateForProject(event.projectId);
  });
}

/** Queues what is due now; also what the cron runs. */
export async function sweepContracts(ctx: AppContext, contracts: ContractService) {
  const due = await contracts.due();
  for (const id of due.remind) await ctx.jobs.send(CONTRACT_REMIND_QUEUE, { id }, { singletonKey: `contract-remind:${id}` });
  for (const id of due.expire) await ctx.jobs.send(CONTRACT_EXPIRE_QUEUE, { id }, { singletonKey: `contract-expire:${id}` });
  for (const projectId of due.generate) {
    await ctx.jobs.send(CONTRACT_GENERATE_QUEUE, { projectId }, { singletonKey: `contract-generate:project:${projectId}` });
  }
  return due;
}
