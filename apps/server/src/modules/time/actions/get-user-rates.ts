import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { TimeDeps } from '../deps.js';
import { presentUserRates, requireTrackedPerson } from '../rates.js';

/** What an hour of a person costs the agency (staff only; never shown to clients or to the person's colleagues). */
export function getUserRates({ ctx }: TimeDeps) {
  return async (actor: Actor, userId: number) => {
    assertCan(actor, 'rates:manage', null);
    await requireTrackedPerson(ctx.db, userId);
    return presentUserRates(ctx.db, userId);
  };
}
