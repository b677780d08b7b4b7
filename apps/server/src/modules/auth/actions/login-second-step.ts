import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import type { AppContext } from '../../../context.js';
import { mfaChallenges, users } from '../../../db/schema.js';
import { presentUser } from '../../users/present.js';
import { checkSecondFactor, clearFailures, countAttempt, enrolmentOf, startSession, type RequestMeta, type SecondFactor } from '../changes.js';
import { recoveryCodesLeft } from '../queries.js';
import { hashToken } from '../tokens.js';

/**
 * The second step: the challenge from the first, and a code from the app or a recovery code. The challenge is
 * used up by the sign-in it completes; a wrong code leaves it open until it expires, and counts as a failed
 * sign-in of the account from this address.
 */
export function loginSecondStep(ctx: AppContext) {
  return async (input: { mfa_token: string } & SecondFactor, meta: RequestMeta) => {
    const ip = meta.ip ?? 'unknown';
    const now = ctx.now();
    const [challenge] = await ctx.db
      .select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.tokenHash, hashToken(input.mfa_token)))
      .limit(1);
    if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() <= now.getTime()) throw new AppError('MFA_CHALLENGE_INVALID');
    const [user] = await ctx.db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
    if (!user || user.status !== 'active') throw new AppError('MFA_CHALLENGE_INVALID');
    const attemptId = await countAttempt(ctx, user.emailNormalized, ip);
    const used = await checkSecondFactor(ctx, user.id, input, now);
    if (!used) throw new AppError('INVALID_MFA_CODE');
    return ctx.transaction(async (tx) => {
      const [claimed] = await tx
        .update(mfaChallenges)
        .set({ usedAt: now })
        .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.usedAt)))
        .returning({ id: mfaChallenges.id });
      if (!claimed) throw new AppError('MFA_CHALLENGE_INVALID');
      await clearFailures(tx, user.emailNormalized, ip, attemptId);
      if (used === 'recovery_code') {
        const left = await recoveryCodesLeft(tx, user.id);
        await recordAudit(
          tx,
          { id: user.id, role: user.role, ip: meta.ip },
          'mfa.recovery_code_used',
          { type: 'user', id: user.id, after: { recovery_codes_left: left } },
          now,
        );
      }
      const token = await startSession(ctx, tx, user.id, meta);
      return { token, user: presentUser(user), ...enrolmentOf(ctx, user.role, true) };
    });
  };
}
