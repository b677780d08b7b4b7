import type { Role } from '@agency/schema';
import type { Publish } from '../../core/events.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { checkPasswordReset, confirmPasswordReset } from './actions/confirm-password-reset.js';
import { isSessionLive } from './actions/is-session-live.js';
import { login } from './actions/login.js';
import { loginSecondStep } from './actions/login-second-step.js';
import { logout } from './actions/logout.js';
import { mailPasswordReset } from './actions/mail-password-reset.js';
import { ownerSetupToken } from './actions/owner-setup-token.js';
import { requestPasswordReset } from './actions/request-password-reset.js';
import { confirmSignup, signupClient } from './actions/signup-client.js';
import { signupSuperadmin } from './actions/signup-superadmin.js';
import { superadminExists } from './actions/superadmin-exists.js';
import {
  checkSecondFactor,
  enrolmentOf,
  insertUser,
  mailPasswordChanged,
  revokeAll,
  startSession,
  type RequestMeta,
  type SecondFactor,
} from './changes.js';
import { emailExists, recoveryCodesLeft, type UserRow } from './queries.js';

export type { RequestMeta } from './changes.js';
export { RESET_PASSWORD_PATH } from './actions/mail-password-reset.js';
export { PASSWORD_RESET_QUEUE, type PasswordResetJob } from './actions/request-password-reset.js';

/**
 * The auth service: one action per file in `actions/`, each made here from what it runs on. The steps other
 * services share (a new user, a session, the second factor, the security mail) come from `changes.ts` and
 * `queries.ts`, bound to this app's context.
 */
export function createAuthService(ctx: AppContext) {
  return {
    insertUser,
    startSession: (db: DbOrTx, userId: number, meta: RequestMeta) => startSession(ctx, db, userId, meta),
    emailExists,
    checkSecondFactor: (userId: number, factor: SecondFactor, now: Date) => checkSecondFactor(ctx, userId, factor, now),
    recoveryCodesLeft,
    mailPasswordChanged: (tx: DbOrTx, publish: Publish, user: Pick<UserRow, 'email' | 'name' | 'locale'>, meta: RequestMeta) =>
      mailPasswordChanged(ctx, tx, publish, user, meta),
    enrolmentOf: (role: Role, hasSecondFactor: boolean) => enrolmentOf(ctx, role, hasSecondFactor),
    signupClient: signupClient(ctx),
    confirmSignup: confirmSignup(ctx),
    superadminExists: superadminExists(ctx),
    signupSuperadmin: signupSuperadmin(ctx),
    ownerSetupToken: ownerSetupToken(ctx),
    login: login(ctx),
    loginSecondStep: loginSecondStep(ctx),
    requestPasswordReset: requestPasswordReset(ctx),
    mailPasswordReset: mailPasswordReset(ctx),
    checkPasswordReset: checkPasswordReset(ctx),
    confirmPasswordReset: confirmPasswordReset(ctx),
    logout: logout(ctx),
    revokeAllSessions: (tx: DbOrTx, publish: Publish, userId: number) => revokeAll(ctx, tx, publish, userId),
    isSessionLive: isSessionLive(ctx),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
