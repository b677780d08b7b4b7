import { formatDateTimeUtc, INVITEE_HAS_ACCOUNT_MESSAGE, type CreateCompanyInvitationInput } from '@agency/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { assertCan, companyOf } from '../../../core/policy.js';
import { invitations } from '../../../db/schema.js';
import { generateToken, hashToken, normalizeEmail } from '../../auth/tokens.js';
import type { CompanyDeps } from '../deps.js';
import { COMPANY_INVITATION_PATH, COMPANY_ROLE_NAMES, ownCompany, presentInvitation } from '../helpers.js';
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
      await ctx.mailer.enqueue(tx, publish, [
        {
          to: created.email,
          subject: `${actor.name} invites you to ${company.name} on ${ctx.brand.current().agencyName}`,
          text: [
            `${actor.name} has invited you to join ${company.name} on ${ctx.brand.current().agencyName} as ${COMPANY_ROLE_NAMES[input.role]}.`,
            '',
            `Create your account here: ${link}`,
            '',
            `The link works once and expires on ${formatDateTimeUtc(expiresAt)}.`,
          ].join('\n'),
          action: { label: 'Create your account', url: link },
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
