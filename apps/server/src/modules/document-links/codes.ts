import crypto from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { documentLinks } from '../../db/schema.js';

/** A signing code works this long, and this many wrong tries end it. */
export const CODE_TTL_MS = 10 * 60_000;
const CODE_MAX_ATTEMPTS = 5;

export const hashCode = (linkId: number, code: string) => crypto.createHash('sha256').update(`${linkId}:${code}`).digest('hex');

/**
 * Before a session opened from a document link signs: the 6-digit code e-mailed to the addressee must be given (a
 * wrong one is counted; five end the code). Answers how the signer was identified, for the signature certificate;
 * a signed-in session needs no code.
 */
export async function checkSigningCode(ctx: AppContext, actor: Actor, code: string | undefined): Promise<string> {
  const scope = actor.documentScope;
  if (!scope) return `Signed in to their account (${actor.email})`;
  if (!code) throw new AppError('UNPROCESSABLE', 'code: enter the 6-digit code we e-mailed you');
  const [link] = await ctx.db.select().from(documentLinks).where(eq(documentLinks.id, scope.linkId)).limit(1);
  if (!link?.codeHash || !link.codeExpiresAt || link.codeExpiresAt <= ctx.now() || link.codeAttempts >= CODE_MAX_ATTEMPTS) {
    throw new AppError('UNPROCESSABLE', 'code: the code has expired; ask for a new one');
  }
  if (!crypto.timingSafeEqual(Buffer.from(hashCode(scope.linkId, code)), Buffer.from(link.codeHash))) {
    await ctx.db
      .update(documentLinks)
      .set({ codeAttempts: sql`${documentLinks.codeAttempts} + 1` })
      .where(eq(documentLinks.id, scope.linkId));
    throw new AppError('UNPROCESSABLE', 'code: that is not the code we sent');
  }
  return `E-mail link to ${actor.email}, confirmed with a one-time code sent to ${actor.email}`;
}

/** Uses the checked code up, in the signing transaction: a code signs once. */
export async function useSigningCode(tx: DbOrTx, actor: Actor) {
  const scope = actor.documentScope;
  if (!scope) return;
  const used = await tx
    .update(documentLinks)
    .set({ codeHash: null, codeExpiresAt: null })
    .where(and(eq(documentLinks.id, scope.linkId), isNotNull(documentLinks.codeHash)))
    .returning({ id: documentLinks.id });
  if (used.length === 0) throw new AppError('UNPROCESSABLE', 'code: the code was already used; ask for a new one');
}
