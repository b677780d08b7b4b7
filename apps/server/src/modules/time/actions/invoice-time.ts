import type { InvoiceTime } from '@agency/schema';
import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { invoices, timeEntries } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { clientTimeQuery, presentClientTime } from '../queries.js';

const INVOICE_NOT_FOUND = 'Invoice not found';

/**
 * The hours billed on an invoice, oldest first, for whoever may read the invoice: staff, and the owners and billing
 * people of the company it is addressed to once it is issued (a draft is the agency's own; a member never sees one).
 * Days, minutes, people and cards only: what an hour costs the agency is never part of it.
 */
export function invoiceTime({ ctx }: TimeDeps) {
  return async (actor: Actor, invoiceId: number): Promise<InvoiceTime> => {
    const [invoice] = await ctx.db
      .select({ companyId: invoices.companyId, status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .limit(1);
    if (!invoice) throw new AppError('NOT_FOUND', INVOICE_NOT_FOUND);
    assertCan(actor, 'invoice:read', { companyId: invoice.companyId, status: invoice.status }, INVOICE_NOT_FOUND);
    // A voided invoice bills nothing: its time is given back (by the release that follows the void event).
    if (invoice.status === 'void') return { invoice_id: String(invoiceId), items: [], total_minutes: 0 };
    const rows = await clientTimeQuery(ctx.db)
      .where(eq(timeEntries.invoiceId, invoiceId))
      .orderBy(asc(timeEntries.workDate), asc(timeEntries.startedAt), asc(timeEntries.id));
    const items = rows.map(presentClientTime);
    return { invoice_id: String(invoiceId), items, total_minutes: items.reduce((sum, item) => sum + item.minutes, 0) };
  };
}
