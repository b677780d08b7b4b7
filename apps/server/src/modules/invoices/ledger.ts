import type { InvoiceStatus } from '@agency/schema';
import { eq } from 'drizzle-orm';
import { systemActor, type Initiator } from '../../core/actor.js';
import type { Publish } from '../../core/events.js';
import type { Tx } from '../../db/client.js';
import { invoices } from '../../db/schema.js';
import type { InvoiceDeps } from './deps.js';
import { amountDueOf, factsOf, isoDay, money, type InvoiceRow } from './helpers.js';
import { invoiceLifecycle } from './lifecycle.js';
import { partyOf, staffIds } from './queries.js';
import { notifyCompany } from './recipients.js';

export type LedgerChange = { kind: 'payment' | 'refund'; amount: number; paymentId: number };

/**
 * Applies one recorded payment or refund to its invoice (locked by the caller): the amounts, and the status that
 * follows from them through the state machine. A paid invoice stays paid (a refund is money back, not a
 * reopened bill). A payment publishes `invoice.payment_recorded`, from which a job mails the receipt (and freezes
 * the document once paid in full); paying a deposit in full starts the project.
 */
export async function settle(
  { ctx, notifications, projects }: InvoiceDeps,
  tx: Tx,
  publish: Publish,
  row: InvoiceRow,
  change: LedgerChange,
  actorId: number | null,
): Promise<InvoiceRow> {
  const amountPaid = row.amountPaid + (change.kind === 'payment' ? change.amount : -change.amount);
  const amountRefunded = row.amountRefunded + (change.kind === 'refund' ? change.amount : 0);
  const pastDue = row.dueDate < isoDay(ctx.now());
  let to: InvoiceStatus = row.status;
  if (row.status !== 'paid') {
    if (amountPaid + row.amountCredited >= row.total) to = 'paid';
    else if (pastDue) to = 'overdue';
    else to = amountPaid > 0 ? 'partially_paid' : 'sent';
  }
  const now = ctx.now();
  const set = { amountPaid, amountRefunded, updatedAt: now, ...(to === 'paid' && row.status !== 'paid' ? { paidAt: now } : {}) };
  let updated: InvoiceRow;
  if (to === row.status) {
    [updated] = await tx.update(invoices).set(set).where(eq(invoices.id, row.id)).returning();
  } else {
    const initiator: Initiator = systemActor(change.kind);
    updated = await invoiceLifecycle.transition(tx, {
      table: invoices,
      id: row.id,
      actor: initiator,
      resource: factsOf(row),
      from: row.status,
      to,
      set,
    });
    publish({ type: 'invoice.status_changed', invoiceId: row.id, projectId: row.projectId, from: row.status, to, actorId });
  }
  publish({ type: 'invoice.payment_recorded', invoiceId: row.id, paymentId: change.paymentId, amount: change.amount, kind: change.kind });

  const party = await partyOf(tx, updated);
  if (change.kind === 'payment') {
    // In-app now; the receipt mail with the PDF follows from a job after commit (sendReceipt), so a provider's
    // webhook is answered without rendering a document while it holds the invoice.
    await notifyCompany(notifications, tx, publish, row.companyId, {
      kind: 'invoice_payment_received',
      title: `Payment received for ${row.invoiceNo}`,
      body: `We received ${money(change.amount, row.currency)} for ${row.invoiceNo}. ${to === 'paid' ? 'It is paid in full.' : `Still due: ${money(amountDueOf(updated), row.currency)}.`}`,
      target: { type: 'invoice', id: String(row.id) },
      projectId: row.projectId,
      mail: false,
    });
    if (to === 'paid') {
      await notifications.notify(
        tx,
        publish,
        (await staffIds(tx)).filter((id) => id !== actorId),
        {
          kind: 'invoice_paid',
          title: `Invoice ${row.invoiceNo} paid`,
          body: `${row.invoiceNo} (${party.projectTitle === null ? party.companyName : `${party.clientName}, "${party.projectTitle}"`}) is paid: ${money(row.total, row.currency)}.`,
          target: { type: 'invoice', id: String(row.id) },
          projectId: row.projectId,
        },
      );
      if (row.kind === 'deposit' && row.projectId !== null)
        await projects.kickoff(tx, publish, row.projectId, `Started automatically: the deposit ${row.invoiceNo} was paid.`);
    }
  } else {
    await notifyCompany(notifications, tx, publish, row.companyId, {
      kind: 'invoice_refunded',
      title: `Refund issued for ${row.invoiceNo}`,
      body: `We refunded ${money(change.amount, row.currency)} of your payment for ${row.invoiceNo}.`,
      target: { type: 'invoice', id: String(row.id) },
      projectId: row.projectId,
    });
  }
  return updated;
}
