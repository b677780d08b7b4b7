import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { replyTokens, users } from '../../db/schema.js';

/** `<id>-<32 hex>`: the row's id, then 128 bits of an HMAC over id, conversation and person with the server's key. */
const TOKEN_PATTERN = /^([1-9]\d{0,15})-([0-9a-f]{32})$/;

function signature(key: string, id: number, conversationId: string, userId: number): string {
  return crypto.createHmac('sha256', key).update(`reply-token:${id}:${conversationId}:${userId}`).digest('hex').slice(0, 32);
}

/** The reply address of `userId` in `conversationId`: the live token of the pair, made on first use. */
export async function replyAddressFor(ctx: AppContext, db: DbOrTx, conversationId: string, userId: number): Promise<string | undefined> {
  const domain = ctx.config.inbound.domain;
  if (!domain) return undefined;
  const live = () =>
    db
      .select({ id: replyTokens.id })
      .from(replyTokens)
      .where(and(eq(replyTokens.conversationId, conversationId), eq(replyTokens.userId, userId), isNull(replyTokens.revokedAt)))
      .limit(1);
  let [row] = await live();
  if (!row) {
    // Two jobs at once may both insert: the partial unique index keeps one, and the other reads it back.
    await db.insert(replyTokens).values({ conversationId, userId, createdAt: ctx.now() }).onConflictDoNothing();
    [row] = await live();
  }
  return `reply+${row!.id}-${signature(ctx.signingKey, row!.id, conversationId, userId)}@${domain}`;
}

/** The token of a reply address (`reply+<token>@<domain>` of this server's domain), or null for any other address. */
export function tokenOfAddress(domain: string | undefined, address: string): string | null {
  if (!domain) return null;
  const match = /^reply\+([^@\s]{1,80})@([^@\s]+)$/i.exec(address.trim());
  if (!match || match[2].toLowerCase() !== domain) return null;
  return match[1].toLowerCase();
}

export type ReplyTokenOwner = { tokenId: number; conversationId: string; userId: number; user: typeof users.$inferSelect };

/** The conversation and person of a token, read together; null when it is malformed, forged, unknown or revoked. */
export async function resolveReplyToken(ctx: AppContext, token: string): Promise<ReplyTokenOwner | null> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const [found] = await ctx.db.select().from(replyTokens).innerJoin(users, eq(users.id, replyTokens.userId)).where(eq(replyTokens.id, id)).limit(1);
  const row = found?.reply_tokens;
  if (!row || row.revokedAt) return null;
  const expected = Buffer.from(signature(ctx.signingKey, row.id, row.conversationId, row.userId));
  if (!crypto.timingSafeEqual(expected, Buffer.from(match[2]))) return null;
  return { tokenId: row.id, conversationId: row.conversationId, userId: row.userId, user: found.users };
}
