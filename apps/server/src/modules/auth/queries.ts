import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mfaRecoveryCodes, users } from '../../db/schema.js';
import { normalizeEmail } from './tokens.js';

export type UserRow = typeof users.$inferSelect;

export async function emailExists(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailNormalized, normalizeEmail(email)))
    .limit(1);
  return Boolean(row);
}

export async function recoveryCodesLeft(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ id: mfaRecoveryCodes.id })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return rows.length;
}
