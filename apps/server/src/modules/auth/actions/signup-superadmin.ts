import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import type { AppContext } from '../../../context.js';
import { ownerSetupTokens, users } from '../../../db/schema.js';
import { presentUser } from '../../users/present.js';
import { enrolmentOf, insertUser, revokeAll, startSession, type NewAccount, type RequestMeta } from '../changes.js';
import { emailExists } from '../queries.js';
import { hashToken, safeEqual } from '../tokens.js';
import { OWNER_SETUP_TOKEN_FILE } from './owner-setup-token.js';

/**
 * The first super admin signs up with the one-time set-up token the server printed at start (ownerSetupToken), which
 * the sign-up spends along with every other node's. Afterwards only a caller holding SUPERADMIN_SETUP_KEY may sign
 * up, and the role is handed over: there is always exactly one super admin, and the previous one becomes an admin
 * with every session revoked (recovery of a lost owner account).
 */
export function signupSuperadmin(ctx: AppContext) {
  return async (input: Omit<NewAccount, 'role'> & { setup_key?: string; setup_token?: string }, meta: RequestMeta) => {
    const created = await ctx.transaction(async (tx, publish) => {
      const [existing] = await tx.select().from(users).where(eq(users.role, 'superadmin')).limit(1).for('update');
      if (!existing) {
        // Deleting the row is the claim: of two sign-ups with the token, the second waits here and finds it gone.
        const claimed = input.setup_token
          ? await tx
              .delete(ownerSetupTokens)
              .where(eq(ownerSetupTokens.tokenHash, hashToken(input.setup_token)))
              .returning()
          : [];
        if (claimed.length === 0) throw new AppError('SETUP_TOKEN_REQUIRED');
        await tx.delete(ownerSetupTokens);
      } else {
        const key = ctx.config.superadminSetupKey;
        if (!key || !input.setup_key || !safeEqual(key, input.setup_key)) throw new AppError('SETUP_KEY_REQUIRED');
        if (await emailExists(tx, input.email)) throw new AppError('EMAIL_TAKEN');
        await tx.update(users).set({ role: 'admin', updatedAt: ctx.now() }).where(eq(users.id, existing.id));
        await revokeAll(ctx, tx, publish, existing.id);
      }
      const user = await insertUser(tx, { ...input, role: 'superadmin' });
      if (existing) {
        await recordAudit(
          tx,
          { id: user.id, role: 'superadmin', ip: meta.ip },
          'superadmin.handed_over',
          {
            type: 'user',
            id: existing.id,
            before: { superadmin: { id: String(existing.id), email: existing.email }, role: 'superadmin' },
            after: { superadmin: { id: String(user.id), email: user.email }, role: 'admin' },
          },
          ctx.now(),
        );
      }
      const token = await startSession(ctx, tx, user.id, meta);
      return { token, user: presentUser(user), ...enrolmentOf(ctx, user.role, false) };
    });
    if (!ctx.config.inMemoryDb) fs.rmSync(path.join(ctx.config.dataDir, OWNER_SETUP_TOKEN_FILE), { force: true });
    return created;
  };
}
