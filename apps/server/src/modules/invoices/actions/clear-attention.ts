import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { invoices } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { present } from '../queries.js';

export function clearAttention({ ctx }: InvoiceDeps) {
  return async (actor: Actor, id: number) => {
    assertCan(actor, 'invoice:manage', null);
    const [row] = await ctx.db
      .update(invoices)
      .set({ needsAttention: false, attentionNote: null, updatedAt: ctx.now() })
      .where(eq(invoices.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'Invoice not found');
    return present(ctx, row, actor);
  };
}
