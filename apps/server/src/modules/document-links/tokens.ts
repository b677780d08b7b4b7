import crypto from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Publish } from '../../core/events.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { documentLinks, sessions } from '../../db/schema.js';

export type DocumentKind = 'proposal' | 'contract' | 'invoice';
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['proposal', 'contract', 'invoice'];

/** The notifications whose e-mail carries a one-tap link to their document (each send's link replaces the last). */
export const LINKED_NOTIFICATION_KINDS: Record<string, DocumentKind> = {
  proposal_sent: 'proposal',
  contract_sent: 'contract',
  contract_reminder: 'contract',
  invoice_sent: 'invoice',
  invoice_reminder: 'invoice',
  invoice_overdue: 'invoice',
};

type LinkFacts = { id: number; kind: string; documentId: number; userId: number; expiresAt: Date };

/** HMAC over the link's purpose and everything it is bound to: a token is good for this one link only. */
function signature(key: string, l: LinkFacts): string {
  return crypto
    .createHmac('sha256', key)
    .update(`document-link:${l.id}:${l.kind}:${l.documentId}:${l.userId}:${l.expiresAt.getTime()}`)
    .digest('base64url');
}

/** `<id>-<signature>`: no dot, so that /d/<token> is never taken for a file of the web app. */
export function tokenOf(key: string, link: LinkFacts): string {
  return `${link.id}-${signature(key, link)}`;
}

/** The link a token names, when its signature holds; whether it still works is the caller's to check. */
export async function linkOfToken(ctx: AppContext, db: DbOrTx, token: string) {
  const match = /^([1-9]\d{0,15})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [link] = await db
    .select()
    .from(documentLinks)
    .where(eq(documentLinks.id, Number(match[1])))
    .limit(1);
  if (!link) return null;
  const expected = Buffer.from(signature(ctx.signingKey, link));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? link : null;
}

/** Revokes links (and ends the sessions opened from them, on every node through `session.revoked`). */
export async function revokeLinks(ctx: AppContext, tx: DbOrTx, publish: Publish, where: ReturnType<typeof and>) {
  const now = ctx.now();
  const revoked = await tx
    .update(documentLinks)
    .set({ revokedAt: now })
    .where(and(where, isNull(documentLinks.revokedAt)))
    .returning({ id: documentLinks.id, userId: documentLinks.userId });
  if (revoked.length === 0) return revoked;
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(
          sessions.documentLinkId,
          revoked.map((r) => r.id),
        ),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  for (const s of ended) publish({ type: 'session.revoked', sessionId: s.id });
  return revoked;
}

/**
 * New one-tap links to a document for its addressees, in the transaction of the send; the document's earlier links
 * stop working. Answers each person's `/d/<token>` URL.
 */
export async function mintLinks(ctx: AppContext, tx: DbOrTx, publish: Publish, kind: DocumentKind, documentId: number, userIds: readonly number[]) {
  await revokeLinks(ctx, tx, publish, and(eq(documentLinks.kind, kind), eq(documentLinks.documentId, documentId)));
  const urls = new Map<number, string>();
  if (userIds.length === 0) return urls;
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.config.documentLinkTtlMs);
  const rows = await tx
    .insert(documentLinks)
    .values(userIds.map((userId) => ({ kind, documentId, userId, createdAt: now, expiresAt })))
    .returning();
  for (const link of rows) urls.set(link.userId, `${ctx.config.appUrl}/d/${tokenOf(ctx.signingKey, link)}`);
  return urls;
}
