import type { AppContext } from '../../context.js';
import type { PaymentMethodService } from './service.js';

export const AUTOPAY_CHARGE_QUEUE = 'autopay-charge';
export const AUTOPAY_SWEEP_QUEUE = 'autopay-sweep';

/**
 * Autopay on the shared runner: the first charge of an invoice sent with `auto_charge` (keyed by invoice and
 * attempt; the attempt's row is the second guard), and a sweep every five minutes for the retries that are due,
 * first charges a lost event left undone, and links to finish a payment the bank wants confirmed.
 */
export function registerAutopayJobs(ctx: AppContext, cards: PaymentMethodService) {
  ctx.jobs.define<{ invoiceId: number }>(
    AUTOPAY_CHARGE_QUEUE,
    async ({ invoiceId }) => {
      await cards.invoiceSent(invoiceId);
    },
    { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, policy: 'stately' },
  );
  ctx.jobs.define(
    AUTOPAY_SWEEP_QUEUE,
    async () => {
      await cards.sweep();
    },
    { cron: '*/5 * * * *', retryLimit: 2, policy: 'singleton' },
  );
  const queueFirstCharge = (invoiceId: number) =>
    ctx.jobs.send(AUTOPAY_CHARGE_QUEUE, { invoiceId }, { singletonKey: `autopay:invoice:${invoiceId}:1` });
  ctx.events.subscribe('invoice.status_changed', async (event) => {
    if (event.to !== 'sent' || event.from !== 'draft') return;
    await queueFirstCharge(event.invoiceId);
  });
  // An invoice raised already sent (a recurring invoice's period, a payment plan's stage): the job charges it if it
  // asks for autopay and is payable, and does nothing for a draft.
  ctx.events.subscribe('invoice.created', async (event) => {
    await queueFirstCharge(event.invoiceId);
  });
}
