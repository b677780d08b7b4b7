import crypto from 'node:crypto';
import { PASSWORD_RESET_PER_EMAIL_PER_HOUR, PASSWORD_RESET_REQUESTED_MESSAGE } from '@agency/schema';
import { AppError } from '../../../core/errors.js';
import type { AppContext } from '../../../context.js';
import { countHit } from '../../../integrations/rate-limit-store.js';
import type { RequestMeta } from '../changes.js';
import { normalizeEmail } from '../tokens.js';

/** The job that looks up the address and mails a reset link, so the request answers alike whether or not it exists. */
export const PASSWORD_RESET_QUEUE = 'password-reset-mail';
export type PasswordResetJob = { email: string; requestId: string; ip: string | null };

/**
 * Always the same answer, whether or not the address has an account: the lookup and the mail happen in a
 * job, so the answer takes the same time too. Each address gets at most a few links an hour.
 */
export function requestPasswordReset(ctx: AppContext) {
  return async (email: string, meta: RequestMeta) => {
    const emailNormalized = normalizeEmail(email);
    const key = `pwreset:${crypto.createHash('sha256').update(emailNormalized).digest('hex')}`;
    const hit = await countHit(ctx.database, key, 3_600_000);
    if (hit.current > PASSWORD_RESET_PER_EMAIL_PER_HOUR) {
      const seconds = Math.max(1, Math.ceil(hit.ttlMs / 1000));
      throw new AppError('RATE_LIMITED', `Too many reset links for this address; try again in ${Math.ceil(seconds / 60)} minutes`, {
        'retry-after': String(seconds),
      });
    }
    await ctx.jobs.send<PasswordResetJob>(PASSWORD_RESET_QUEUE, { email: emailNormalized, requestId: crypto.randomUUID(), ip: meta.ip ?? null });
    return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
  };
}
