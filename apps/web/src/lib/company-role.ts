import { seesMoney, type CompanyRole, type User } from '@agency/schema';

// What a client may do in the app follows their role in their company (DESIGN section 9): the server decides every
// call, and the screens only leave out what would be refused (the Invoices item for members, the owner's buttons).

/**
 * A client's role in their company, from the signed-in user; null for staff and employees. A client without one
 * (which the server never sends) gets the least: a member's screens.
 */
export function companyRoleOf(user: User | null | undefined): CompanyRole | null {
  if (!user || user.role !== 'client') return null;
  return user.company_role ?? 'member';
}

/** Budgets and invoice amounts: a company's owners and billing people, and everyone who is not a client. */
export function seesAmounts(role: CompanyRole | null): boolean {
  return role === null || seesMoney(role);
}

/** New projects and their files are asked for by owners and members; billing people follow them. */
export function asksForWork(role: CompanyRole | null): boolean {
  return role !== 'billing';
}

/** Only an owner changes the company's details and its people. */
export function managesCompany(role: CompanyRole | null): boolean {
  return role === 'owner';
}
