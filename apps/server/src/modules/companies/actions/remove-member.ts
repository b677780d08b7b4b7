import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { users } from '../../../db/schema.js';
import type { CompanyDeps } from '../deps.js';
import { assertAnotherOwner, lockMember } from '../members.js';

/**
 * The owner removes a person from the company: the account is disabled and every session of it ends at once, on
 * every node, and with them the download links they were given (a link lives only as long as its session). The
 * company's records stay. Removing someone already removed changes nothing.
 */
export function removeMember({ ctx, auth }: CompanyDeps) {
  return async (actor: Actor, userId: number) => {
    await ctx.transaction(async (tx, publish) => {
      const target = await lockMember(tx, actor, userId);
      if (target.status !== 'active') return;
      if (target.companyRole === 'owner') await assertAnotherOwner(tx, target.companyId, target.id);
      await tx.update(users).set({ status: 'disabled', updatedAt: ctx.now() }).where(eq(users.id, userId));
      await auth.revokeAllSessions(tx, publish, userId);
      await recordAudit(
        tx,
        actor,
        'company.member_removed',
        {
          type: 'user',
          id: userId,
          before: { status: 'active', email: target.email, company_role: target.companyRole },
          after: { status: 'disabled', company_id: String(target.companyId) },
        },
        ctx.now(),
      );
    });
  };
}
