import type { AppContext } from '../../context.js';
import type { InvoiceService } from './service.js';

export const INVOICE_DEPOSIT_QUEUE = 'invoice-deposit';
export const INVOICE_OVERDUE_QUEUE = 'invoice-overdue';
export const INVOICE_REMINDER_QUEUE = 'invoice-reminders';
export const INVOICE_RECEIPT_QUEUE = 'invoice-receipt';

/**
 * Invoice jobs on the shared runner (pg-boss): each runs once however many nodes run, and each is idempotent.
 * - the deposit invoice, from a signed client contract (keyed by project; the invoice itself is unique per project);
 * - the receipt of each payment, keyed by payment (marked sent in the mail's own transaction);
 * - overdue marking and reminders, on a schedule (a conditional status change and a reminder row per day claimed),
 *   with a sweep that queues receipts a crash left unqueued.
 */
export function registerInvoiceJobs(ctx: AppContext, invoices: InvoiceService) {
  ctx.jobs.define<{ projectId: number; contractId: number }>(
    INVOICE_DEPOSIT_QUEUE,
    async ({ projectId }) => {
      await invoices.createDepositForSignedContract(projectId);
    },
    { retryLimit: 10, retryDelaySeconds: 5, retryBackoff: true, policy: 'stately' },
  );
  ctx.jobs.define<{ paymentId: number }>(
    INVOICE_RECEIPT_QUEUE,
    async ({ paymentId }) => {
      await invoices.sendReceipt(paymentId);
    },
    { retryLimit: 10, retryDelaySeconds: 10, retryBackoff: true, policy: 'stately' },
  );
  const queueReceipt = (paymentId: number) => ctx.jobs.send(INVOICE_RECEIPT_QUEUE, { paymentId }, { singletonKey: `receipt:payment:${paymentId}` });
  ctx.events.subscribe('invoice.payment_recorded', async (event) => {
    if (event.kind === 'payment') await queueReceipt(event.paymentId);
  });

  ctx.jobs.define(
    INVOICE_OVERDUE_QUEUE,
    async () => {
      for (const id of await invoices.paymentsAwaitingReceipt(new Date(ctx.now().getTime() - 5 * 60_000))) await queueReceipt(id);
      await invoices.markOverdue();
    },
    { cron: '*/10 * * * *', retryLimit: 2, policy: 'singleton' },
  );
  ctx.jobs.define(
    INVOICE_REMINDER_QUEUE,
    async () => {
      await invoices.sendReminders();
    },
    { cron: '5 * * * *', retryLimit: 2, policy: 'singleton' },
  );

  // Only a client's contract asks for a deposit; a team contract does not.
  ctx.events.subscribe('contract.signed', async (event) => {
    if (event.kind !== 'client') return;
    await ctx.jobs.send(
      INVOICE_DEPOSIT_QUEUE,
      { projectId: event.projectId, contractId: event.contractId },
      { singletonKey: `deposit:project:${event.projectId}` },
    );
  });
}
