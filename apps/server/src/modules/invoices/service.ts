import type { Actor } from '../../core/actor.js';
import type { Publish } from '../../core/events.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { NotificationService } from '../notifications/service.js';
import type { ProjectService } from '../projects/service.js';
import { clearAttention } from './actions/clear-attention.js';
import { createDepositForSignedContract } from './actions/create-deposit-for-signed-contract.js';
import { createDepositNow } from './actions/create-deposit-now.js';
import { createInvoice } from './actions/create-invoice.js';
import { exportInvoicesCsv } from './actions/export-invoices-csv.js';
import { getBilling } from './actions/get-billing.js';
import { getInvoiceByNumber } from './actions/get-invoice-by-number.js';
import { getInvoicePdf } from './actions/get-invoice-pdf.js';
import { getPaymentReceipt } from './actions/get-payment-receipt.js';
import { getInvoice } from './actions/get-invoice.js';
import { listInvoices } from './actions/list-invoices.js';
import { listPaymentsAwaitingReceipt } from './actions/list-payments-awaiting-receipt.js';
import { listProjectsAwaitingDeposit } from './actions/list-projects-awaiting-deposit.js';
import { markOverdueInvoices } from './actions/mark-overdue-invoices.js';
import { recordPayment } from './actions/record-payment.js';
import { refundPayment } from './actions/refund-payment.js';
import { sendInvoiceReminders } from './actions/send-invoice-reminders.js';
import { sendInvoice } from './actions/send-invoice.js';
import { sendReceipt } from './actions/send-receipt.js';
import { setBilling } from './actions/set-billing.js';
import { startCheckout } from './actions/start-checkout.js';
import { summarizeInvoices } from './actions/summarize-invoices.js';
import { updateInvoice } from './actions/update-invoice.js';
import { voidInvoice } from './actions/void-invoice.js';
import type { InvoiceDeps } from './deps.js';
import { amountDueOf, type InvoiceRow } from './helpers.js';
import { settle, type LedgerChange } from './ledger.js';
import { lockInvoice, present, refundedOf, staffIds } from './queries.js';
import { raiseInvoice, type RaiseInvoice } from './raise.js';

/** Invoices: one action per file under actions/, composed here into the service the routes, jobs and payments use. */
export function createInvoiceService(ctx: AppContext, notifications: NotificationService, projects: ProjectService) {
  const deps: InvoiceDeps = { ctx, notifications, projects };
  return {
    get: getInvoice(deps),
    getByNumber: getInvoiceByNumber(deps),
    list: listInvoices(deps),
    create: createInvoice(deps),
    update: updateInvoice(deps),
    send: sendInvoice(deps),
    void: voidInvoice(deps),
    recordPayment: recordPayment(deps),
    refund: refundPayment(deps),
    clearAttention: clearAttention(deps),
    checkout: startCheckout(deps),
    pdf: getInvoicePdf(deps),
    receipt: getPaymentReceipt(deps),
    summary: summarizeInvoices(deps),
    exportCsv: exportInvoicesCsv(deps),
    billing: getBilling(deps),
    setBilling: setBilling(deps),
    createDepositNow: createDepositNow(deps),
    createDepositForSignedContract: createDepositForSignedContract(deps),
    markOverdue: markOverdueInvoices(deps),
    sendReminders: sendInvoiceReminders(deps),
    sendReceipt: sendReceipt(deps),
    paymentsAwaitingReceipt: listPaymentsAwaitingReceipt(deps),
    projectsAwaitingDeposit: listProjectsAwaitingDeposit(deps),

    // Used by the payments module's fulfilment, inside its transaction.
    lockInvoice,
    settle: (tx: Tx, publish: Publish, row: InvoiceRow, change: LedgerChange, actorId: number | null) =>
      settle(deps, tx, publish, row, change, actorId),
    refundedOf,
    amountDueOf,
    staffIds,

    // Used by recurring invoices and payment plans, inside their transactions.
    raise: (tx: Tx, publish: Publish, input: RaiseInvoice) => raiseInvoice(deps, tx, publish, input),
    present: (row: InvoiceRow, actor: Actor) => present(ctx, row, actor),
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
