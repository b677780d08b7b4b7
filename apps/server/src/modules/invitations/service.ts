import { type INVITATION_ROLES, type Role } from '@agency/schema';
import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import { assertCan, can } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { invitations } from '../../db/schema.js';
import { mailDateTime, mailT } from '../../integrations/mail-locale.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import type { AuthService, RequestMeta } from '../auth/service.js';
import { generateToken, hashToken, normalizeEmail } from '../auth/tokens.js';
import { STAFF_GROUP_ROLES, type StaffGroup } from '../users/groups.js';
import { presentUser } from '../users/present.js';

type InvitationRole = (typeof INVITATION_ROLES)[number];
/** A staff invitation (an admin or an employee); a client company's invitations are the companies module's. */
type InvitationRow = Omit<typeof invitations.$inferSelect, 'role'> & { role: InvitationRole };

function staffOnly(row: typeof invitations.$inferSelect | undefined): InvitationRow | undefined {
  return row && row.role !== 'client' ? { ...row, role: row.role } : undefined;
}

export const SIGNUP_PATH = '/protected/admin-signup';

function present(row: InvitationRow, now: Date) {
  return {
    id: String(row.id),
    email: row.email,
    role: row.role,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    invited_by: String(row.invitedBy),
    status: row.expiresAt.getTime() <= now.getTime() ? ('expired' as const) : ('pending' as const),
  };
}

function rolesVisibleTo(actor: Actor, group: StaffGroup): InvitationRole[] {
  return STAFF_GROUP_ROLES[group].filter((role) => can(actor, 'invitation:manage', { role }));
}

export function createInvitationService(ctx: AppContext, auth: AuthService) {
  function linkFor(token: string) {
    return `${ctx.config.appUrl}${SIGNUP_PATH}?token=${encodeURIComponent(token)}`;
  }

  async function mailInvitation(tx: DbOrTx, publish: Publish, actor: Actor, email: string, role: InvitationRole, link: string, expiresAt: Date) {
    // The invitee has no account and so no language yet: the agency's default.
    const locale = ctx.config.defaultLocale;
    const t = mailT(locale);
    const brand = ctx.brand.current().agencyName;
    await ctx.mailer.enqueue(tx, publish, [
      {
        to: email,
        subject: t('invitation.subject', { brand }),
        text: [
          t('invitation.invited', { inviter: actor.name, brand, role: t(`invitation.roles.${role}`) }),
          '',
          t('invitation.create', { link }),
          '',
          t('invitation.expiry', { date: mailDateTime(expiresAt, locale) }),
        ].join('\n'),
        action: { label: t('invitation.action'), url: link },
        locale,
      },
    ]);
  }

  async function findUsable(token: string) {
    const row = staffOnly(
      (
        await ctx.db
          .select()
          .from(invitations)
          .where(eq(invitations.tokenHash, hashToken(token)))
          .limit(1)
      )[0],
    );
    if (!row || row.acceptedAt || row.revokedAt || row.expiresAt.getTime() <= ctx.now().getTime()) {
      throw new AppError('INVITATION_INVALID');
    }
    return row;
  }

  async function findManageable(actor: Actor, id: number) {
    const row = staffOnly((await ctx.db.select().from(invitations).where(eq(invitations.id, id)).limit(1))[0]);
    if (!row || row.acceptedAt || row.revokedAt) throw new AppError('NOT_FOUND', 'Invitation not found');
    assertCan(actor, 'invitation:manage', { role: row.role }, 'Invitation not found');
    return row;
  }

  return {
    async create(actor: Actor, input: { email: string; role: InvitationRole }) {
      assertCan(actor, 'invitation:create', { role: input.role });
      if (await auth.emailExists(ctx.db, input.email)) throw new AppError('EMAIL_TAKEN');
      const token = generateToken();
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + ctx.config.invitationTtlMs);
      const emailNormalized = normalizeEmail(input.email);
      const link = linkFor(token);
      const row = await ctx.transaction(async (tx, publish) => {
        // A new invitation replaces any earlier pending staff invitation for the same address (a client company's
        // invitations are its own).
        await tx
          .update(invitations)
          .set({ revokedAt: now })
          .where(
            and(
              eq(invitations.emailNormalized, emailNormalized),
              isNull(invitations.companyId),
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
            ),
          );
        const [inserted] = await tx
          .insert(invitations)
          .values({
            email: input.email.trim(),
            emailNormalized,
            role: input.role,
            tokenHash: hashToken(token),
            invitedBy: actor.id,
            createdAt: now,
            expiresAt,
          })
          .returning();
        const created = { ...inserted, role: input.role };
        await mailInvitation(tx, publish, actor, created.email, created.role, link, expiresAt);
        await recordAudit(
          tx,
          actor,
          'invitation.created',
          { type: 'invitation', id: created.id, after: { email: created.email, role: created.role, expires_at: expiresAt.toISOString() } },
          now,
        );
        return created;
      });
      return { invitation: present(row, now), link };
    },

    async list(actor: Actor, group: StaffGroup, page: { cursor?: string; limit: number }) {
      const roles = rolesVisibleTo(actor, group);
      if (roles.length === 0) throw new AppError('FORBIDDEN');
      const after = decodeCursor(page.cursor);
      const rows = await ctx.db
        .select()
        .from(invitations)
        .where(
          and(
            inArray(invitations.role, roles),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            after ? lt(invitations.id, after) : undefined,
          ),
        )
        .orderBy(desc(invitations.id))
        .limit(page.limit + 1);
      const now = ctx.now();
      return toPage(rows, page.limit, (row) => present({ ...row, role: row.role as InvitationRole }, now));
    },

    async resend(actor: Actor, id: number) {
      const row = await findManageable(actor, id);
      const token = generateToken();
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + ctx.config.invitationTtlMs);
      const link = linkFor(token);
      const updated = await ctx.transaction(async (tx, publish) => {
        const [updatedRow] = await tx
          .update(invitations)
          .set({ tokenHash: hashToken(token), expiresAt })
          .where(and(eq(invitations.id, row.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
          .returning();
        if (!updatedRow) throw new AppError('NOT_FOUND', 'Invitation not found');
        const renewed = { ...updatedRow, role: row.role };
        await mailInvitation(tx, publish, actor, renewed.email, renewed.role, link, expiresAt);
        await recordAudit(
          tx,
          actor,
          'invitation.resent',
          {
            type: 'invitation',
            id: renewed.id,
            before: { email: row.email, role: row.role, expires_at: row.expiresAt.toISOString() },
            after: { email: renewed.email, role: renewed.role, expires_at: expiresAt.toISOString() },
          },
          now,
        );
        return renewed;
      });
      return { invitation: present(updated, now), link };
    },

    async revoke(actor: Actor, id: number) {
      const row = await findManageable(actor, id);
      await ctx.transaction(async (tx) => {
        const now = ctx.now();
        const [revoked] = await tx
          .update(invitations)
          .set({ revokedAt: now })
          .where(and(eq(invitations.id, row.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
          .returning({ id: invitations.id });
        if (!revoked) throw new AppError('NOT_FOUND', 'Invitation not found');
        await recordAudit(
          tx,
          actor,
          'invitation.revoked',
          { type: 'invitation', id: row.id, before: { email: row.email, role: row.role, status: 'pending' }, after: { status: 'revoked' } },
          now,
        );
      });
    },

    async preview(token: string) {
      const row = await findUsable(token);
      return { email: row.email, role: row.role, expires_at: row.expiresAt.toISOString() };
    },

    /** Single use: the invitation is claimed with a conditional update inside the signup transaction. */
    async accept(kind: StaffGroup, input: { invite_token: string; name: string; password: string }, meta: RequestMeta) {
      const invitation = await findUsable(input.invite_token);
      if (!STAFF_GROUP_ROLES[kind].includes(invitation.role)) throw new AppError('INVITATION_INVALID');
      return ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const [claimed] = await tx
          .update(invitations)
          .set({ acceptedAt: now })
          .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
          .returning();
        if (!claimed) throw new AppError('INVITATION_INVALID');
        const user = await auth.insertUser(tx, {
          name: input.name,
          email: invitation.email,
          password: input.password,
          role: invitation.role as Role,
        });
        await tx.update(invitations).set({ acceptedUserId: user.id }).where(eq(invitations.id, invitation.id));
        const token = await auth.startSession(tx, user.id, meta);
        return { token, user: presentUser(user), ...auth.enrolmentOf(user.role, false) };
      });
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
