import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import type { AppContext } from '../../../context.js';
import { loginFailures, passwordResets, users } from '../../../db/schema.js';
import { mailPasswordChanged, revokeAll, type RequestMeta } from '../changes.js';
import { hashPassword } from '../passwords.js';
import { hashToken } from '../tokens.js';

/** Whether a reset link is still usable (unused, unexpired, its account active): LINK_INVALID otherwise. */
export function checkPasswordReset(ctx: AppContext) {
  return async (token: string) => {
    const [row] = await ctx.db
      .select({ usedAt: passwordResets.usedAt, expiresAt: passwordResets.expiresAt, status: users.status })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(eq(passwordResets.tokenHash, hashToken(token)))
      .limit(1);
    if (!row || row.usedAt || row.expiresAt.getTime() <= ctx.now().getTime() || row.status !== 'active') throw new AppError('LINK_INVALID');
  };
}

/** Sets the new password from a reset link: single use, every session ends, and the owner is told. */
export function confirmPasswordReset(ctx: AppContext) {
  return async (input: { token: string; password: string }, meta: RequestMeta) => {
    const now = ctx.now();
    const [reset] = await ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(input.token)))
      .limit(1);
    if (!reset || reset.usedAt || reset.expiresAt.getTime() <= now.getTime()) throw new AppError('LINK_INVALID');
    const passwordHash = await hashPassword(input.password);
    await ctx.transaction(async (tx, publish) => {
      const [claimed] = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .returning({ id: passwordResets.id });
      if (!claimed) throw new AppError('LINK_INVALID');
      const [user] = await tx.select().from(users).where(eq(users.id, reset.userId)).limit(1).for('update');
      if (!user || user.status !== 'active') throw new AppError('LINK_INVALID');
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
      // Other links of the same account die with this one.
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), ne(passwordResets.id, reset.id)));
      await revokeAll(ctx, tx, publish, user.id);
      // The owner proved they hold the mailbox: failed sign-ins no longer stand in their way.
      await tx.delete(loginFailures).where(eq(loginFailures.emailNormalized, user.emailNormalized));
      await recordAudit(tx, { id: user.id, role: user.role, ip: meta.ip }, 'password.reset', { type: 'user', id: user.id }, now);
      await mailPasswordChanged(ctx, tx, publish, user, meta);
    });
  };
}
