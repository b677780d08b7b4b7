import type { AppContext } from './context.js';
import { createAuthService } from './modules/auth/service.js';
import { createInvitationService } from './modules/invitations/service.js';
import { createUserService } from './modules/users/service.js';

export function createServices(ctx: AppContext) {
  const auth = createAuthService(ctx);
  return {
    auth,
    invitations: createInvitationService(ctx, auth),
    users: createUserService(ctx, auth),
  };
}

export type Services = ReturnType<typeof createServices>;
