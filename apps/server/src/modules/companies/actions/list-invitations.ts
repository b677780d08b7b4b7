import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan, companyOf } from '../../../core/policy.js';
import { invitations } from '../../../db/schema.js';
import type { CompanyDeps } from '../deps.js';
import { ownCompany, presentInvitation } from '../helpers.js';

/** The company's pending invitations (neither used, revoked nor expired), newest first. */
export function listInvitations({ ctx }: CompanyDeps) {
  return async (actor: Actor) => {
    assertCan(actor, 'company:manage', ownCompany(actor));
    const rows = await ctx.db
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.companyId, companyOf(actor)),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, ctx.now()),
        ),
      )
      .orderBy(desc(invitations.id))
      .limit(200);
    return rows.map(presentInvitation);
  };
}
