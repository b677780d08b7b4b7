import { MFA_CHALLENGE_TTL_MS } from '@agency/schema';
import { eq, lt } from 'drizzle-orm';
import { AppError } from '../../../core/errors.js';
import type { AppContext } from '../../../context.js';
import { loginFailures, mfaChallenges, users, userTotp } from '../../../db/schema.js';
import { presentUser } from '../../users/present.js';
import { clearFailures, countAttempt, enrolmentOf, startSession, type RequestMeta } from '../changes.js';
import { getDummyHash, verifyPassword } from '../passwords.js';
import { generateToken, hashToken, normalizeEmail } from '../tokens.js';

async function startChallenge(ctx: AppContext, userId: number, ip: string) {
  const token = generateToken();
  const now = ctx.now();
  // Expired challenges of anyone are garbage by now.
  await ctx.db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, new Date(now.getTime() - MFA_CHALLENGE_TTL_MS)));
  await ctx.db
    .insert(mfaChallenges)
    .values({ userId, tokenHash: hashToken(token), ip, createdAt: now, expiresAt: new Date(now.getTime() + MFA_CHALLENGE_TTL_MS) });
  return token;
}

/**
 * Failed attempts count per account and address: ten from one address lock that address out of the account
 * for the window, so a stranger elsewhere cannot lock the owner out. From addresses the account has not
 * signed in from lately, LOGIN_MAX_ACCOUNT_FAILURES across all addresses stop a distributed guess too. Each
 * attempt is counted before its password is checked, under a per-account lock, so a parallel burst gets no
 * more tries than a sequence. An account with two-factor authentication gets a challenge instead of a
 * session; its codes count against the same limit.
 */
export function login(ctx: AppContext) {
  return async (input: { email: string; password: string }, meta: RequestMeta) => {
    const emailNormalized = normalizeEmail(input.email);
    const ip = meta.ip ?? 'unknown';
    const attemptId = await countAttempt(ctx, emailNormalized, ip);
    const [user] = await ctx.db.select().from(users).where(eq(users.emailNormalized, emailNormalized)).limit(1);
    const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
    // A wrong password leaves the attempt counted.
    if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
    if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    const [totp] = await ctx.db.select({ confirmedAt: userTotp.confirmedAt }).from(userTotp).where(eq(userTotp.userId, user.id)).limit(1);
    if (totp?.confirmedAt) {
      // The password was right, so this attempt is no failure; the address's earlier failures stay counted
      // until the second factor is given too, or a known password would reset the count of code guesses.
      await ctx.db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
      return { mfa_required: true as const, mfa_token: await startChallenge(ctx, user.id, ip) };
    }
    await clearFailures(ctx.db, emailNormalized, ip, attemptId);
    const token = await startSession(ctx, ctx.db, user.id, meta);
    return { token, user: presentUser(user), ...enrolmentOf(ctx, user.role, false) };
  };
}
