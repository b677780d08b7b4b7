import type { CompanyInvitation, CompanyRole } from '@agency/schema';
import type { Actor } from '../../core/actor.js';
import type { CompanyFacts } from '../../core/policy.js';
import type { invitations } from '../../db/schema.js';

/** The page a company invitation's link opens. */
export const COMPANY_INVITATION_PATH = '/company-invitation';

export type InvitationRow = typeof invitations.$inferSelect;

/** The caller's own company, as the policy decides on it (someone without one matches no company). */
export function ownCompany(actor: Actor): CompanyFacts {
  return { companyId: actor.companyId ?? 0 };
}

export function presentInvitation(row: InvitationRow): CompanyInvitation {
  return { id: String(row.id), email: row.email, role: row.companyRole ?? 'member', expires_at: row.expiresAt.toISOString() };
}

/** How an invitation names the role it offers. */
export const COMPANY_ROLE_NAMES: Record<CompanyRole, string> = {
  owner: 'an owner (everything, including its people)',
  billing: 'a billing contact (invoices and payments)',
  member: 'a member (projects, chat and tool requests)',
};
