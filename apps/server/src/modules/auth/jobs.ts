import type { AppContext } from '../../context.js';
import { PASSWORD_RESET_QUEUE, type AuthService, type PasswordResetJob } from './service.js';

/** Reset links are looked up and mailed here, after the request has been answered (see `requestPasswordReset`). */
export function registerAuthJobs(ctx: AppContext, auth: AuthService) {
  ctx.jobs.define<PasswordResetJob>(PASSWORD_RESET_QUEUE, async (job) => auth.mailPasswordReset(job), { retryLimit: 5, retryDelaySeconds: 5 });
}
