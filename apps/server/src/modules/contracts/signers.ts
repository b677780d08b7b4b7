import { and, eq } from 'drizzle-orm';
import { AppError } from '../../core/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** A client contract is signed by an active person of the project's company (any role: staff choose who). */
export async function assertCompanySigner(db: DbOrTx, companyId: number, signerId: number) {
  const [signer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, signerId), eq(users.companyId, companyId), eq(users.status, 'active')))
    .limit(1);
  if (!signer) throw new AppError('UNPROCESSABLE', "signer_id: a client contract is signed by an active person of the project's company");
}
