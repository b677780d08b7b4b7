import { FINAL_INVOICE_STATUSES } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { invoices } from '../../../db/schema.js';
import { announceSent } from '../announce.js';
import type { InvoiceDeps } from '../deps.js';
import { assertCardPayableTotal, auditState, factsOf } from '../helpers.js';
import { invoiceLifecycle } from '../lifecycle.js';
import { lockInvoice, present } from '../queries.js';

export function sendInvoice(deps: InvoiceDeps) {
  const { ctx } = deps;
  return async (actor: Actor, id: number) => {
    assertCan(actor, 'invoice:manage', null);
    const row = await ctx.transaction(async (tx, publish) => {
      const current = await lockInvoice(tx, id);
      if (FINAL_INVOICE_STATUSES.includes(current.status)) throw new AppError('INVOICE_IMMUTABLE');
      // A draft saved before the rule for three-decimal currencies could not be paid by card once sent.
      assertCardPayableTotal(current.total, current.currency);
      const now = ctx.now();
      const updated = await invoiceLifecycle.transition(tx, {
        table: invoices,
        id,
        actor,
        resource: factsOf(current),
        from: current.status,
        to: 'sent',
        set: { sentAt: now, updatedAt: now },
      });
      publish({ type: 'invoice.status_changed', invoiceId: id, projectId: current.projectId, from: current.status, to: 'sent', actorId: actor.id });
      await recordAudit(tx, actor, 'invoice.sent', { type: 'invoice', id, before: auditState(current), after: auditState(updated) }, now);
      await announceSent(deps, tx, publish, updated);
      return updated;
    });
    return present(ctx, row, actor);
  };
}
