import { FINAL_INVOICE_STATUSES } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { invoices } from '../../../db/schema.js';
import type { InvoiceDeps } from '../deps.js';
import { freeze } from '../documents.js';
import { auditState, factsOf } from '../helpers.js';
import { invoiceLifecycle } from '../lifecycle.js';
import { lockInvoice, present } from '../queries.js';
import { notifyCompany } from '../recipients.js';

export function voidInvoice({ ctx, notifications }: InvoiceDeps) {
  return async (actor: Actor, id: number, reason: string) => {
    assertCan(actor, 'invoice:manage', null);
    const row = await ctx.transaction(async (tx, publish) => {
      const current = await lockInvoice(tx, id);
      if (FINAL_INVOICE_STATUSES.includes(current.status)) throw new AppError('INVOICE_IMMUTABLE');
      // An overdue invoice may have part of its money too: a void invoice keeps none.
      if (current.status === 'partially_paid' || current.amountPaid > 0) {
        throw new AppError('INVALID_TRANSITION', 'This invoice has payments on it: refund them before voiding it');
      }
      const now = ctx.now();
      const updated = await invoiceLifecycle.transition(tx, {
        table: invoices,
        id,
        actor,
        resource: factsOf(current),
        from: current.status,
        to: 'void',
        set: { voidedAt: now, voidReason: reason, updatedAt: now },
      });
      publish({ type: 'invoice.status_changed', invoiceId: id, projectId: current.projectId, from: current.status, to: 'void', actorId: actor.id });
      await recordAudit(
        tx,
        actor,
        'invoice.voided',
        { type: 'invoice', id, before: auditState(current), after: { ...auditState(updated), reason } },
        now,
      );
      if (current.status !== 'draft') {
        await notifyCompany(notifications, tx, publish, current.companyId, {
          kind: 'invoice_void',
          title: `Invoice ${current.invoiceNo} cancelled`,
          body: `${current.invoiceNo} was voided and is no longer due. Reason: ${reason}`,
          target: { type: 'invoice', id: String(id) },
          projectId: current.projectId,
        });
      }
      return freeze(ctx, tx, updated);
    });
    return present(ctx, row, actor);
  };
}
