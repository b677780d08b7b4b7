import type { AppContext } from '../../context.js';
import type { PaymentPlanService } from '../payment-plans/service.js';
import type { RecurringInvoiceService } from './service.js';

export const RECURRING_SWEEP_QUEUE = 'recurring-sweep';
export const RECURRING_WATCH_QUEUE = 'recurring-sweep-watch';
export const PAYMENT_STAGE_CARD_QUEUE = 'payment-stage-card';
const SWEEP_KEY = 'recurring-sweep';

/**
 * Recurring invoices and payment plans in the background, on the shared runner (pg-boss):
 * - the sweep, every RECURRING_SWEEP_SECONDS: one job at a time under one key (`stately`), each queueing the next
 *   after the interval; a cron each minute queues it again under the same key should the chain ever break (a
 *   queued one absorbs it). It raises due recurring invoices and releases dated and card stages;
 * - a card moved into the last column releases its stages at once (a job keyed by card).
 * Every step is idempotent: a template's row is locked while its period is raised and the invoices' unique keys hold
 * each period and each stage to one invoice, so two nodes or a restart never raise one twice.
 */
export function registerRecurringJobs(ctx: AppContext, recurring: RecurringInvoiceService, plans: PaymentPlanService) {
  const every = ctx.config.recurringSweepSeconds;
  ctx.jobs.define(
    RECURRING_SWEEP_QUEUE,
    async () => {
      try {
        await sweepRecurring(recurring, plans);
      } finally {
        await ctx.jobs.send(RECURRING_SWEEP_QUEUE, {}, { singletonKey: SWEEP_KEY, startAfterSeconds: every });
      }
    },
    { policy: 'stately', retryLimit: 2, retryDelaySeconds: 5 },
  );
  ctx.jobs.define(
    RECURRING_WATCH_QUEUE,
    async () => {
      await ctx.jobs.send(RECURRING_SWEEP_QUEUE, {}, { singletonKey: SWEEP_KEY });
    },
    { cron: '* * * * *', retryLimit: 0, policy: 'singleton' },
  );
  ctx.jobs.define<{ cardId: number }>(
    PAYMENT_STAGE_CARD_QUEUE,
    async ({ cardId }) => {
      await plans.cardDone(cardId);
    },
    { policy: 'stately', retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true },
  );
  ctx.events.subscribe('board.changed', async (event) => {
    if (event.change !== 'card_moved' || event.cardId === undefined) return;
    await ctx.jobs.send(PAYMENT_STAGE_CARD_QUEUE, { cardId: event.cardId }, { singletonKey: `stage-card:${event.cardId}` });
  });
}

/** One sweep: what the job runs, and what tests call to run it now. */
export async function sweepRecurring(recurring: RecurringInvoiceService, plans: PaymentPlanService) {
  const invoices: number[] = [];
  for (const id of await recurring.due()) invoices.push(...(await recurring.raiseDue(id)));
  const stages = await plans.sweep();
  return { invoices, stages };
}
