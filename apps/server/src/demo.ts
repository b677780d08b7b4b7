import crypto from 'node:crypto';
import type { Role } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { AppContext } from './context.js';
import { users } from './db/schema.js';
import { hashPassword } from './modules/auth/passwords.js';
import { normalizeEmail } from './modules/auth/tokens.js';
import type { Services } from './services.js';

export type DemoLogin = { role: Role; email: string; password: string };

const DEMO_ACCOUNTS: { role: Role; name: string; email: string; company?: string }[] = [
  { role: 'superadmin', name: 'Sam Owner', email: 'owner@demo.example' },
  { role: 'admin', name: 'Ada Admin', email: 'admin@demo.example' },
  { role: 'teamlead', name: 'Lee Lead', email: 'lead@demo.example' },
  { role: 'teammember', name: 'Mia Member', email: 'member1@demo.example' },
  { role: 'teammember', name: 'Noah Member', email: 'member2@demo.example' },
  { role: 'client', name: 'Chloe Client', email: 'client1@demo.example', company: 'Chloe & Co' },
  { role: 'client', name: 'Carl Client', email: 'client2@demo.example', company: 'Carl Ltd' },
];

/**
 * Creates the demo accounts that are missing and gives every demo account a fresh random password, so no
 * password ever sits in the repository. An existing super admin that is not the demo one is left alone.
 */
export async function loadDemoData(ctx: AppContext, _services: Services): Promise<DemoLogin[]> {
  const logins: DemoLogin[] = [];
  const hasOtherOwner = await ctx.db
    .select({ email: users.emailNormalized })
    .from(users)
    .where(eq(users.role, 'superadmin'))
    .limit(1);
  for (const account of DEMO_ACCOUNTS) {
    if (account.role === 'superadmin' && hasOtherOwner[0] && hasOtherOwner[0].email !== account.email) continue;
    const password = `demo-${crypto.randomBytes(6).toString('base64url')}`;
    const passwordHash = await hashPassword(password);
    const emailNormalized = normalizeEmail(account.email);
    const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, emailNormalized)).limit(1);
    if (existing) {
      await ctx.db.update(users).set({ passwordHash, status: 'active' }).where(eq(users.id, existing.id));
    } else {
      await ctx.db.insert(users).values({
        name: account.name,
        email: account.email,
        emailNormalized,
        role: account.role,
        passwordHash,
        company: account.company ?? null,
      });
    }
    logins.push({ role: account.role, email: account.email, password });
  }
  return logins;
}
