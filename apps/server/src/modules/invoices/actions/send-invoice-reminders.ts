import { formatDate } from '@agency/schema';
import { and, asc, eq, inArray, lte, notExists, sql } from 'drizzle-orm';
import { invoiceReminders, invoices } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { addDays, amountDueOf, isoDay, money, OPEN } from '../helpers.js';
import { notifyCompany } from '../recipients.js';

/**
 * Reminders, INVOICE_REMINDER_DAYS around the due date: for each open invoice the latest reminder day reached,
 * recorded (invoice, day) under a primary key first, so it goes out once however many nodes run the job.
 * Reminder days that passed before the invoice was sent are skipped.
 */
export function sendInvoiceReminders({ ctx, notifications }: InvoiceDeps) {
  return async (): Promise<number> => {
    const offsets = ctx.config.payments.reminderDays;
    if (offsets.length === 0) return 0;
    const day = isoDay(ctx.now());
    const latestOffset = offsets[offsets.length - 1];
    const candidates = await ctx.db
      .select()
      .from(invoices)
      .where(
        and(
          inArray(invoices.status, OPEN),
          lte(invoices.dueDate, addDays(day, -offsets[0])),
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(invoiceReminders)
              .where(and(eq(invoiceReminders.invoiceId, invoices.id), eq(invoiceReminders.offsetDays, latestOffset))),
          ),
        ),
      )
      .orderBy(asc(invoices.dueDate))
      .limit(500);
    let sent = 0;
    for (const row of candidates) {
      const reached = offsets.filter((d) => addDays(row.dueDate, d) <= day);
      const offset = reached[reached.length - 1];
      if (offset === undefined || amountDueOf(row) <= 0) continue;
      if (row.sentAt && isoDay(row.sentAt) >= addDays(row.dueDate, offset)) continue;
      const done = await ctx.transaction(async (tx, publish) => {
        const [claimed] = await tx
          .insert(invoiceReminders)
          .values({ invoiceId: row.id, offsetDays: offset, sentAt: ctx.now() })
          .onConflictDoNothing()
          .returning();
        if (!claimed) return false;
        const when = offset < 0 ? `is due on ${formatDate(row.dueDate)}` : offset === 0 ? 'is due today' : `was due on ${formatDate(row.dueDate)}`;
        await notifyCompany(notifications, tx, publish, row.companyId, {
          kind: 'invoice_reminder',
          title: `Payment reminder: ${row.invoiceNo}${offset > 0 ? ' is overdue' : ''}`,
          body: `${row.invoiceNo} ${when}: ${money(amountDueOf(row), row.currency)} to pay.`,
          target: { type: 'invoice', id: String(row.id) },
          projectId: row.projectId,
        });
        return true;
      });
      if (done) sent += 1;
    }
    return sent;
  };
}
