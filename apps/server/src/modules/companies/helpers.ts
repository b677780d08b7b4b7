import { ROLES, type CompanyInvitation } from '@agency/schema';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { can, companyOf, type CompanyFacts } from '../../core/policy.js';
import { clientCompanies, users, type invitations } from '../../db/schema.js';

/** The page a company invitation's link opens. */
export const COMPANY_INVITATION_PATH = '/company-invitation';

export type InvitationRow = typeof invitations.$inferSelect;

/** The caller's own company, as the policy decides on it (someone without one matches no company). */
export function ownCompany(actor: Actor): CompanyFacts {
  return { companyId: actor.companyId ?? 0 };
}

/**
 * The companies a caller may see, as SQL: every one for staff (the clients screen), a client's own (its company
 * page); `false` for anyone else.
 */
export function visibleCompanies(actor: Actor): SQL | undefined | false {
  if (can(actor, 'company:browse', null)) return undefined;
  if (can(actor, 'company:read', null)) return eq(clientCompanies.id, companyOf(actor));
  return false;
}

/**
 * The people a caller may see, as SQL: staff, every client (a company's page lists its people) and the accounts of
 * the roles they manage (`account:list`); a client, its company's people (the members list); `false` for anyone else.
 */
export function visiblePeople(actor: Actor): SQL | undefined | false {
  if (can(actor, 'company:browse', null)) {
    const managed = ROLES.filter((role) => can(actor, 'account:list', { role }));
    return or(eq(users.role, 'client'), managed.length ? inArray(users.role, managed) : undefined);
  }
  if (can(actor, 'company:read', null)) return and(eq(users.companyId, companyOf(actor)), eq(users.role, 'client'));
  return false;
}

export function presentInvitation(row: InvitationRow): CompanyInvitation {
  return { id: String(row.id), email: row.email, role: row.companyRole ?? 'member', expires_at: row.expiresAt.toISOString() };
}
