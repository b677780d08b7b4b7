import type { AppContext } from '../../../context.js';
import { presentUser } from '../../users/present.js';
import { insertUser, startSession, type NewAccount, type RequestMeta } from '../changes.js';

export function signupClient(ctx: AppContext) {
  return async (input: Omit<NewAccount, 'role'>, meta: RequestMeta) => {
    return ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, { ...input, role: 'client' });
      const token = await startSession(ctx, tx, user.id, meta);
      return { token, user: presentUser(user) };
    });
  };
}
