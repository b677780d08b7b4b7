import type { CompanyRole } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { users } from '../../../db/schema.js';
import type { CompanyDeps } from '../deps.js';
import { assertAnotherOwner, lockMember } from '../members.js';
import { presentMember } from '../queries.js';

/** The owner gives a person of the company another role; the last owner cannot stop being one. */
export function changeMemberRole({ ctx }: CompanyDeps) {
  return async (actor: Actor, userId: number, role: CompanyRole) => {
    const row = await ctx.transaction(async (tx, publish) => {
      const target = await lockMember(tx, actor, userId);
      if (target.status !== 'active') throw new AppError('CONFLICT', 'This person was removed from the company');
      if (target.companyRole === role) return target;
      if (target.companyRole === 'owner') await assertAnotherOwner(tx, target.companyId, target.id);
      const [updated] = await tx.update(users).set({ companyRole: role, updatedAt: ctx.now() }).where(eq(users.id, userId)).returning();
      // Their sessions see the new role at once (the session memo drops them).
      publish({ type: 'account.updated', userId });
      await recordAudit(
        tx,
        actor,
        'company.member_role_changed',
        {
          type: 'user',
          id: userId,
          before: { company_role: target.companyRole },
          after: { company_role: role, company_id: String(target.companyId) },
        },
        ctx.now(),
      );
      return updated;
    });
    return presentMember(row);
  };
}
