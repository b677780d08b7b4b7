import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { assertCan } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import { documentLinks, sessions, users } from '../../db/schema.js';
import { readerLocale } from '../../i18n/index.js';
import { mailT } from '../../integrations/mail-locale.js';
import { generateToken, hashToken } from '../auth/tokens.js';
import { CODE_TTL_MS, hashCode } from './codes.js';
import { linkOfToken, revokeLinks, type DocumentKind } from './tokens.js';

function maskEmail(email: string) {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(1, Math.min(6, local.length - 1)))}@${domain}`;
}

type LinkRow = typeof documentLinks.$inferSelect;

function present(l: LinkRow, now: Date) {
  return {
    id: String(l.id),
    kind: l.kind,
    document_id: String(l.documentId),
    user_id: String(l.userId),
    created_at: l.createdAt.toISOString(),
    expires_at: l.expiresAt.toISOString(),
    revoked_at: l.revokedAt?.toISOString() ?? null,
    last_opened_at: l.lastOpenedAt?.toISOString() ?? null,
    active: !l.revokedAt && l.expiresAt > now,
  };
}

/**
 * One-tap links: a link e-mailed with a proposal, a contract to sign or an invoice to pay is redeemed for a session
 * scoped to that document (plugins/auth.ts turns every other route away). Signing through one asks for a code
 * e-mailed to the addressee first.
 */
export function createDocumentLinkService(ctx: AppContext) {
  return {
    async redeem(token: string, meta: { ip: string | null; userAgent: string | null }) {
      const now = ctx.now();
      return ctx.transaction(async (tx) => {
        const link = await linkOfToken(ctx, tx, token);
        if (!link || link.revokedAt || link.expiresAt <= now) {
          throw new AppError('LINK_INVALID', 'This link has expired or was replaced: open the latest e-mail, or sign in');
        }
        const [person] = await tx.select().from(users).where(eq(users.id, link.userId)).limit(1);
        if (!person || person.status !== 'active') throw new AppError('LINK_INVALID', 'This link no longer works: sign in instead');
        const sessionToken = generateToken();
        await tx.insert(sessions).values({
          tokenHash: hashToken(sessionToken),
          userId: link.userId,
          createdAt: now,
          lastUsedAt: now,
          // The session lives no longer than the link, nor a normal session.
          expiresAt: new Date(Math.min(link.expiresAt.getTime(), now.getTime() + ctx.config.sessionAbsoluteMs)),
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
          ip: meta.ip,
          documentLinkId: link.id,
        });
        await tx.update(documentLinks).set({ lastOpenedAt: now }).where(eq(documentLinks.id, link.id));
        await recordAudit(
          tx,
          { id: person.id, role: person.role, ip: meta.ip ?? undefined },
          'document_link.opened',
          {
            type: link.kind,
            id: link.documentId,
            after: { link_id: String(link.id), ip: meta.ip, user_agent: meta.userAgent?.slice(0, 300) ?? null },
          },
          now,
        );
        return { session_token: sessionToken, document: { kind: link.kind, id: String(link.documentId) } };
      });
    },

    /** The scoped session's document. */
    current(actor: Actor) {
      if (!actor.documentScope) throw new AppError('NOT_FOUND', 'This session was not opened from a document link');
      const { kind, documentId } = actor.documentScope;
      return { document: { kind, id: String(documentId) }, code_required_to_sign: kind !== 'invoice' };
    },

    /** Mails a fresh 6-digit code to the link's addressee (the one before it stops working). */
    async requestCode(actor: Actor) {
      const scope = actor.documentScope;
      if (!scope) throw new AppError('FORBIDDEN', 'A signing code is only needed when you opened the document from an e-mail link');
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const now = ctx.now();
      await ctx.transaction(async (tx, publish) => {
        await tx
          .update(documentLinks)
          .set({ codeHash: hashCode(scope.linkId, code), codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS), codeAttempts: 0 })
          .where(eq(documentLinks.id, scope.linkId));
        const locale = readerLocale(actor.locale, ctx.config.defaultLocale);
        const t = mailT(locale);
        await ctx.mailer.enqueue(tx, publish, [
          {
            to: actor.email,
            subject: t('signingCode.subject', { code, brand: ctx.brand.current().agencyName }),
            text: `${t('signingCode.code', { code })}\n\n${t('signingCode.validity', { count: CODE_TTL_MS / 60_000 })}`,
            locale,
          },
        ]);
      });
      return { sent_to: maskEmail(actor.email), expires_in_seconds: CODE_TTL_MS / 1000 };
    },

    async list(actor: Actor, query: { kind: DocumentKind; document_id: number }) {
      assertCan(actor, 'document_link:manage', null);
      const now = ctx.now();
      const rows = await ctx.db
        .select()
        .from(documentLinks)
        .where(and(eq(documentLinks.kind, query.kind), eq(documentLinks.documentId, query.document_id)))
        .orderBy(desc(documentLinks.id))
        .limit(100);
      return { items: rows.map((r) => present(r, now)) };
    },

    async revoke(actor: Actor, id: number) {
      assertCan(actor, 'document_link:manage', null);
      await ctx.transaction(async (tx, publish) => {
        const [link] = await tx.select().from(documentLinks).where(eq(documentLinks.id, id)).limit(1);
        if (!link) throw new AppError('NOT_FOUND', 'Link not found');
        await revokeLinks(ctx, tx, publish, and(eq(documentLinks.id, id), isNull(documentLinks.revokedAt)));
        await recordAudit(tx, actor, 'document_link.revoked', { type: link.kind, id: link.documentId, after: { link_id: String(id) } }, ctx.now());
      });
    },
  };
}

export type DocumentLinkService = ReturnType<typeof createDocumentLinkService>;
