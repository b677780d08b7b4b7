import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { invitations } from '../../../db/schema.js';
import type { CompanyDeps } from '../deps.js';

/** The owner withdraws a pending invitation: its link stops working. Another company's is answered like a missing one. */
export function revokeInvitation({ ctx }: CompanyDeps) {
  return async (actor: Actor, id: number) => {
    const [row] = await ctx.db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
    if (!row || row.companyId === null || row.acceptedAt || row.revokedAt) throw new AppError('NOT_FOUND', 'Invitation not found');
    assertCan(actor, 'company:manage', { companyId: row.companyId }, 'Invitation not found');
    await ctx.transaction(async (tx) => {
      const now = ctx.now();
      const [revoked] = await tx
        .update(invitations)
        .set({ revokedAt: now })
        .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
        .returning({ id: invitations.id });
      if (!revoked) throw new AppError('NOT_FOUND', 'Invitation not found');
      await recordAudit(
        tx,
        actor,
        'company.invitation_revoked',
        { type: 'invitation', id, before: { email: row.email, company_role: row.companyRole, status: 'pending' }, after: { status: 'revoked' } },
        now,
      );
    });
  };
}
