import type { Actor } from '../../../core/actor.js';
import type { InvoiceDeps } from '../deps.js';
import { load, present } from '../queries.js';

export function getInvoice({ ctx }: InvoiceDeps) {
  return async (actor: Actor, id: number) => present(ctx, await load(ctx, actor, 'invoice:read', id), actor);
}
