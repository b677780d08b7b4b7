import type { InvoiceListQuery } from '@agency/schema';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan, invoiceScope } from '../../../core/policy.js';
import { invoices } from '../../../db/schema.js';
import { decodeCursor, toPage } from '../../../lib/pagination.js';
import type { InvoiceDeps } from '../deps.js';
import { baseList, presentListItem, visibleInvoices } from '../queries.js';

export function listInvoices({ ctx }: InvoiceDeps) {
  return async (actor: Actor, query: InvoiceListQuery & { limit: number }) => {
    assertCan(actor, 'invoice:list', null);
    const scope = invoiceScope(actor);
    const after = decodeCursor(query.cursor);
    const rows = await baseList(ctx.db)
      .where(
        and(
          visibleInvoices(scope),
          query.project_id ? eq(invoices.projectId, Number(query.project_id)) : undefined,
          query.client_id ? eq(invoices.clientId, Number(query.client_id)) : undefined,
          query.status ? eq(invoices.status, query.status) : undefined,
          query.attention === 'true' && scope.kind === 'all' ? eq(invoices.needsAttention, true) : undefined,
          after ? lt(invoices.id, after) : undefined,
        ),
      )
      .orderBy(desc(invoices.id))
      .limit(query.limit + 1);
    return toPage(rows, query.limit, (row) => presentListItem(row, actor));
  };
}
