import type { Actor } from '../../../core/actor.js';
import { assertCan, companyOf } from '../../../core/policy.js';
import type { CompanyDeps } from '../deps.js';
import { loadCompany, presentCompany } from '../queries.js';

/** The caller's company, for any of its people. */
export function getCompany({ ctx }: CompanyDeps) {
  return async (actor: Actor) => {
    assertCan(actor, 'company:read', null);
    return presentCompany(await loadCompany(ctx.db, companyOf(actor)));
  };
}
