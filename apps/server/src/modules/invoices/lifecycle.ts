import { INVOICE_STATUS_LABELS, INVOICE_TRANSITIONS, type InvoiceStatus } from '@agency/schema';
import type { InvoiceFacts } from '../../core/policy.js';
import { defineStateMachine } from '../../core/state-machine.js';

/** The invoice lifecycle: the shared transition table (packages/schema), for staff and for the product's own triggers. */
export const invoiceLifecycle = defineStateMachine<InvoiceStatus, InvoiceFacts>({
  entity: 'invoice',
  labels: INVOICE_STATUS_LABELS,
  edges: INVOICE_TRANSITIONS.map((edge) => ({
    from: edge.from,
    to: edge.to,
    who: (actor) => edge.who(actor.role),
    system: edge.system,
  })),
});
