import { INVITEE_HAS_ACCOUNT_MESSAGE, type CreateCompanyInvitationInput } from '@agency/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { assertCan, companyOf } from '../../../core/policy.js';
import { invitations } from '../../../db/schema.js';
import { mailDateTime, mailT } from '../../../integrations/mail-locale.js';
import { generateToken, hashToken, normalizeEmail } from '../../auth/tokens.js';
import type { CompanyDeps } from '../deps.js';
import { COMPANY_INVITATION_PATH, ownCompany, presentInvitation } from '../helpers.js';
import { loadCompany } from '../queries.js';

/**
 * The owner invites a colleague by e-mail, with a role: the same single-use, hashed, expiring link as staff
 * invitations, mailed to the address. An address that already has an account (here or anywhere) is refused: an
 * account never moves between companies.
 */
export function inviteColleague({ ctx, auth }: CompanyDeps) {
  return async (actor: Actor, input: CreateCompanyInvitationInput) => {
    assertCan(actor, 'company:manage', ownCompany(actor));
    const companyId = companyOf(actor);
    if (await auth.emailExists(ctx.db, input.email)) throw new AppError('EMAIL_TAKEN', INVITEE_HAS_ACCOUNT_MESSAGE);
    const company = await loadCompany(ctx.db, companyId);
    const token = generateToken();
    const now = ctx.now();
    const expiresAt = new Date(now.getTime() + ctx.config.invitationTtlMs);
    const emailNormalized = normalizeEmail(input.email);
    const link = `${ctx.config.appUrl}${COMPANY_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
    const row = await ctx.transaction(async (tx, publish) => {
      // A new invitation replaces the company's earlier pending one for the same address.
      await tx
        .update(invitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(invitations.emailNormalized, emailNormalized),
            eq(invitations.companyId, companyId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        );
      const [created] = await tx
        .insert(invitations)
        .values({
          email: input.email.trim(),
          emailNormalized,
          role: 'client',
          companyId,
          companyRole: input.role,
          tokenHash: hashToken(token),
          invitedBy: actor.id,
          createdAt: now,
          expiresAt,
        })
        .returning();
      // The invitee has no account and so no language yet: the agency's default.
      const locale = ctx.config.defaultLocale;
      const t = mailT(locale);
      const brand = ctx.brand.current().agencyName;
      await ctx.mailer.enqueue(tx, publish, [
        {
          to: created.email,
          subject: t('companyInvitation.subject', { inviter: actor.name, company: company.name, brand }),
          text: [
            t('companyInvitation.invited', { inviter: actor.name, company: company.name, brand, role: t(`companyInvitation.roles.${input.role}`) }),
            '',
            t('invitation.create', { link }),
            '',
            t('invitation.expiry', { date: mailDateTime(expiresAt, locale) }),
          ].join('\n'),
          action: { label: t('invitation.action'), url: link },
          locale,
        },
      ]);
      await recordAudit(
        tx,
        actor,
        'company.invitation_created',
        {
          type: 'invitation',
          id: created.id,
          after: { email: created.email, company_id: String(companyId), company_role: input.role, expires_at: expiresAt.toISOString() },
        },
        now,
      );
      return created;
    });
    return { invitation: presentInvitation(row), link };
  };
}
