import type { InvoiceSummary } from '@agency/schema';
import { asc, eq, gte, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { invoices, payments } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { isoDay } from '../helpers.js';

export function summarizeInvoices({ ctx }: InvoiceDeps) {
  return async (actor: Actor): Promise<InvoiceSummary> => {
    assertCan(actor, 'invoice:report', null);
    const totals = await ctx.db
      .select({
        currency: invoices.currency,
        invoiced: sql<string>`coalesce(sum(${invoices.total}) filter (where ${invoices.status} not in ('draft', 'void')), 0)`,
        paid: sql<string>`coalesce(sum(${invoices.amountPaid}) filter (where ${invoices.status} <> 'draft'), 0)`,
        outstanding: sql<string>`coalesce(sum(greatest(${invoices.total} - ${invoices.amountPaid}, 0)) filter (where ${invoices.status} in ('sent', 'partially_paid', 'overdue')), 0)`,
        overdue: sql<string>`coalesce(sum(greatest(${invoices.total} - ${invoices.amountPaid}, 0)) filter (where ${invoices.status} = 'overdue'), 0)`,
        count: sql<string>`count(*) filter (where ${invoices.status} not in ('draft', 'void'))`,
        overdueCount: sql<string>`count(*) filter (where ${invoices.status} = 'overdue')`,
      })
      .from(invoices)
      .groupBy(invoices.currency)
      .orderBy(asc(invoices.currency));
    const now = ctx.now();
    const months: string[] = [];
    for (let i = 11; i >= 0; i -= 1) months.push(isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))).slice(0, 7));
    const revenue = await ctx.db
      .select({
        month: sql<string>`to_char(${payments.receivedOn}, 'YYYY-MM')`,
        currency: payments.currency,
        amount: sql<string>`sum(case when ${payments.kind} = 'payment' then ${payments.amount} else -${payments.amount} end)`,
      })
      .from(payments)
      .where(gte(payments.receivedOn, `${months[0]}-01`))
      .groupBy(sql`1`, payments.currency);
    const currencies = [...new Set([...totals.map((t) => t.currency), ...revenue.map((r) => r.currency)])].sort();
    const byKey = new Map(revenue.map((r) => [`${r.month}:${r.currency}`, Number(r.amount)]));
    const [attention] = await ctx.db
      .select({ n: sql<string>`count(*)` })
      .from(invoices)
      .where(eq(invoices.needsAttention, true));
    return {
      totals: totals.map((t) => ({
        currency: t.currency,
        invoiced: Number(t.invoiced),
        paid: Number(t.paid),
        outstanding: Number(t.outstanding),
        overdue: Number(t.overdue),
        count: Number(t.count),
        overdue_count: Number(t.overdueCount),
      })),
      revenue_by_month: months.flatMap((month) =>
        currencies.map((currency) => ({ month, currency, amount: byKey.get(`${month}:${currency}`) ?? 0 })),
      ),
      needs_attention: Number(attention?.n ?? 0),
    };
  };
}
