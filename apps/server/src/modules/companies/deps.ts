import type { AppContext } from '../../context.js';
import type { AuthService } from '../auth/service.js';

/** What every company action is built with: the app's context and the sign-in steps (new accounts, sessions). */
export type CompanyDeps = { ctx: AppContext; auth: AuthService };
