import type { AppContext } from '../../context.js';
import type { InvoiceService } from './service.js';

export const INVOICE_DEPOSIT_QUEUE = 'invoice-deposit';
export const INVOICE_OVERDUE_QUEUE = 'invoice-overdue';
export const INVOICE_REMINDER_QUEUE = 'invoice-reminders';
export const INVOICE_RECEIPT_QUEUE = 'invoice-receipt';

/** How long a commit's own job has to be queued before the sweep queues it again. */
const SWEEP_GRACE_MS = 5 * 60_000;

/**
 * Invoice jobs on the shared runner (pg-boss): each runs once however many nodes run, and each is idempotent.
 * - the deposit invoice, from a signed client contract (keyed by project; the invoice itself is unique per project);
 * - the receipt of each payment, keyed by payment (marked sent in the mail's own transaction);
 * - overdue marking and reminders, on a schedule (a conditional status change and a reminder row per day claimed),
 *   with a sweep that queues the receipts and deposits a crash left unqueued.
 */
export function registerInvoiceJobs(ctx: AppContext, invoices: InvoiceService) {
  ctx.jobs.define<{ projectId: number; contractId?: number }>(
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
  ctx.events.subscribe('invoice.payment_recorded', async (event) => {
    if (event.kind === 'payment') await queueReceipt(ctx, event.paymentId);
  });

  ctx.jobs.define(
    INVOICE_OVERDUE_QUEUE,
    async () => {
      await sweepInvoiceJobs(ctx, invoices);
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
    await ctx.jobs.send(INVOICE_DEPOSIT_QUEUE, { projectId: event.projectId, contractId: event.contractId }, depositJobKey(event.projectId));
  });
}

function depositJobKey(projectId: number) {
  return { singletonKey: `deposit:project:${projectId}` };
}

function queueReceipt(ctx: AppContext, paymentId: number) {
  return ctx.jobs.send(INVOICE_RECEIPT_QUEUE, { paymentId }, { singletonKey: `receipt:payment:${paymentId}` });
}

/**
 * The jobs a commit announces are queued after it, from an in-memory event: a process that stops in between
 * queues nothing. The sweep finds what such a gap left behind (a payment without its receipt, a signed client
 * contract without its deposit invoice) and queues the job again, under the same key as the first.
 */
export async function sweepInvoiceJobs(ctx: AppContext, invoices: InvoiceService) {
  const before = new Date(ctx.now().getTime() - SWEEP_GRACE_MS);
  const receipts = await invoices.paymentsAwaitingReceipt(before);
  for (const id of receipts) await queueReceipt(ctx, id);
  const deposits = await invoices.projectsAwaitingDeposit(before);
  for (const projectId of deposits) await ctx.jobs.send(INVOICE_DEPOSIT_QUEUE, { projectId }, depositJobKey(projectId));
  return { receipts, deposits };
}
