import { INVITEE_HAS_ACCOUNT_MESSAGE } from '@agency/schema';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '../../../core/errors.js';
import { invitations } from '../../../db/schema.js';
import type { RequestMeta } from '../../auth/service.js';
import { hashToken } from '../../auth/tokens.js';
import { presentUser } from '../../users/present.js';
import type { CompanyDeps } from '../deps.js';

/**
 * The invitee opens the link and chooses a name and password: the account is made in the company with the role the
 * invitation gave, and signed in. Single use: the invitation is claimed with a conditional update in the same
 * transaction, so two tries with one link make one account. An address that got an account meanwhile is refused,
 * and nothing is made.
 */
export function acceptInvitation({ ctx, auth }: CompanyDeps) {
  return async (input: { invite_token: string; name: string; password: string }, meta: RequestMeta) => {
    const now = ctx.now();
    return ctx.transaction(async (tx) => {
      const [claimed] = await tx
        .update(invitations)
        .set({ acceptedAt: now })
        .where(
          and(
            eq(invitations.tokenHash, hashToken(input.invite_token)),
            eq(invitations.role, 'client'),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, now),
          ),
        )
        .returning();
      if (!claimed || claimed.companyId === null || claimed.companyRole === null) throw new AppError('INVITATION_INVALID');
      let user;
      try {
        user = await auth.insertUser(tx, {
          name: input.name,
          email: claimed.email,
          password: input.password,
          role: 'client',
          membership: { companyId: claimed.companyId, companyRole: claimed.companyRole },
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'EMAIL_TAKEN') throw new AppError('EMAIL_TAKEN', INVITEE_HAS_ACCOUNT_MESSAGE);
        throw err;
      }
      await tx.update(invitations).set({ acceptedUserId: user.id }).where(eq(invitations.id, claimed.id));
      const token = await auth.startSession(tx, user.id, meta);
      return { token, user: presentUser(user) };
    });
  };
}
