import type { User } from '@agency/schema';

// What a client may do in the app follows their role in their company (DESIGN section 9): the server decides every
// call, and the screens only leave out what would be refused (the Invoices item for members, the owner's buttons).

export const COMPANY_ROLES = ['owner', 'billing', 'member'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  owner: 'Owner',
  billing: 'Billing',
  member: 'Member',
};

/** One line on what each role may do, where a role is chosen. */
export const COMPANY_ROLE_HINTS: Record<CompanyRole, string> = {
  owner: 'Everything, manages people',
  billing: 'Invoices and payments, sees projects',
  member: 'Projects, chat and tool requests, no amounts',
};

export function isCompanyRole(value: unknown): value is CompanyRole {
  return typeof value === 'string' && (COMPANY_ROLES as readonly string[]).includes(value);
}

/**
 * A client's role in their company, from the signed-in user (`company_role`); null for staff and employees. A
 * client answer without the field is read as the owner of a company of one, which every client was before companies.
 */
export function companyRoleOf(user: User | null | undefined): CompanyRole | null {
  if (!user || user.role !== 'client') return null;
  const role = (user as { company_role?: unknown }).company_role;
  return isCompanyRole(role) ? role : 'owner';
}

/** Budgets and invoice amounts: everyone but a company's members (staff and employees have no company role). */
export function seesAmounts(role: CompanyRole | null): boolean {
  return role !== 'member';
}

/** New projects and their files are asked for by owners and members; billing people follow them. */
export function asksForWork(role: CompanyRole | null): boolean {
  return role !== 'billing';
}

/** Only an owner changes the company's details and its people. */
export function managesCompany(role: CompanyRole | null): boolean {
  return role === 'owner';
}
