import { formatDate } from '@agency/schema';
import { and, asc, inArray, lt } from 'drizzle-orm';
import { systemActor } from '../../../core/actor.js';
import { invoices } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { amountDueOf, factsOf, isoDay, money } from '../helpers.js';
import { invoiceLifecycle } from '../lifecycle.js';
import { lockInvoice } from '../queries.js';
import { notifyCompany } from '../recipients.js';

/** The overdue job: open invoices past their due date become overdue, and the client is told once. */
export function markOverdueInvoices({ ctx, notifications }: InvoiceDeps) {
  return async (): Promise<number> => {
    const day = isoDay(ctx.now());
    const due = await ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(inArray(invoices.status, ['sent', 'partially_paid']), lt(invoices.dueDate, day)))
      .orderBy(asc(invoices.dueDate))
      .limit(500);
    let changed = 0;
    for (const { id } of due) {
      const moved = await ctx.transaction(async (tx, publish) => {
        const row = await lockInvoice(tx, id);
        if ((row.status !== 'sent' && row.status !== 'partially_paid') || row.dueDate >= day) return false;
        await invoiceLifecycle.transition(tx, {
          table: invoices,
          id,
          actor: systemActor('due_date_passed'),
          resource: factsOf(row),
          from: row.status,
          to: 'overdue',
          set: { updatedAt: ctx.now() },
        });
        publish({ type: 'invoice.status_changed', invoiceId: id, projectId: row.projectId, from: row.status, to: 'overdue', actorId: null });
        await notifyCompany(notifications, tx, publish, row.companyId, {
          kind: 'invoice_overdue',
          title: `Invoice ${row.invoiceNo} overdue`,
          body: `${row.invoiceNo} was due on ${formatDate(row.dueDate)}: ${money(amountDueOf(row), row.currency)} is still to pay.`,
          target: { type: 'invoice', id: String(id) },
          projectId: row.projectId,
        });
        return true;
      });
      if (moved) changed += 1;
    }
    return changed;
  };
}
