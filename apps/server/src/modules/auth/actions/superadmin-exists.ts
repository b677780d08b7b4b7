import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { users } from '../../../db/schema.js';

export function superadminExists(ctx: AppContext) {
  return async () => {
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
    return Boolean(row);
  };
}
