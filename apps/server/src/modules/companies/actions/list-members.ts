import type { Actor } from '../../../core/actor.js';
import { assertCan, companyOf } from '../../../core/policy.js';
import type { CompanyDeps } from '../deps.js';
import { membersOf, presentMember } from '../queries.js';

/** The company's people with their roles, the first owner first; removed people stay listed as disabled. */
export function listMembers({ ctx }: CompanyDeps) {
  return async (actor: Actor) => {
    assertCan(actor, 'company:read', null);
    return (await membersOf(ctx.db, companyOf(actor))).map(presentMember);
  };
}
