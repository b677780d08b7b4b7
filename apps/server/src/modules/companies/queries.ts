import { COMPANY_ROLES, type Company, type CompanyMember, type CompanyRole } from '@agency/schema';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../core/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { clientCompanies, users } from '../../db/schema.js';

/**
 * The reads other modules share about client companies: who of a company hears about what (its people, its money
 * people), and the company as answers show it. Nothing here decides access: callers have done that.
 */

export type CompanyRow = typeof clientCompanies.$inferSelect;
type UserRow = typeof users.$inferSelect;

export function presentCompany(row: CompanyRow): Company {
  return {
    id: String(row.id),
    name: row.name,
    billing_address: row.billingAddress,
    country: row.country,
    tax_number: row.taxNumber,
    billing_email: row.billingEmail,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentMember(row: Pick<UserRow, 'id' | 'name' | 'email' | 'companyRole' | 'status' | 'createdAt'>): CompanyMember {
  return {
    id: String(row.id),
    name: row.name,
    email: row.email,
    company_role: row.companyRole ?? 'member',
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

export async function loadCompany(db: DbOrTx, companyId: number): Promise<CompanyRow> {
  const [row] = await db.select().from(clientCompanies).where(eq(clientCompanies.id, companyId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Company not found');
  return row;
}

/** A company's people, oldest first (the first owner first), disabled ones included. */
export function membersOf(db: DbOrTx, companyId: number) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'client')))
    .orderBy(asc(users.id));
}

/** The active people of a company with one of these roles, oldest first. */
export async function companyPeopleIds(db: DbOrTx, companyId: number, roles: readonly CompanyRole[] = COMPANY_ROLES): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, 'active'), inArray(users.companyRole, [...roles])))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/** The company's first active owner: who signs its client contracts unless staff name someone else. */
export async function firstOwnerOf(db: DbOrTx, companyId: number): Promise<number | null> {
  const [owner] = await companyPeopleIds(db, companyId, ['owner']);
  return owner ?? null;
}

/**
 * Who hears about a company's invoices: in the app, its active owners and billing people (who see invoices); by
 * e-mail, its billing people and its billing e-mail address, or its owners when it has neither.
 */
export async function billingContacts(db: DbOrTx, companyId: number): Promise<{ viewerIds: number[]; mailUserIds: number[]; addresses: string[] }> {
  const company = await loadCompany(db, companyId);
  const people = await db
    .select({ id: users.id, role: users.companyRole })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, 'active'), inArray(users.companyRole, ['owner', 'billing'])))
    .orderBy(asc(users.id));
  const billing = people.filter((p) => p.role === 'billing').map((p) => p.id);
  const addresses = company.billingEmail ? [company.billingEmail] : [];
  const mailUserIds = billing.length || addresses.length ? billing : people.filter((p) => p.role === 'owner').map((p) => p.id);
  return { viewerIds: people.map((p) => p.id), mailUserIds, addresses };
}

/** The addresses a company's invoice mail goes to (see `billingContacts`), each once. */
export async function billingAddresses(db: DbOrTx, companyId: number): Promise<string[]> {
  const contacts = await billingContacts(db, companyId);
  const people = contacts.mailUserIds.length
    ? await db.select({ email: users.email }).from(users).where(inArray(users.id, contacts.mailUserIds)).orderBy(asc(users.id))
    : [];
  const seen = new Set<string>();
  return [...people.map((p) => p.email), ...contacts.addresses].filter((address) => {
    const key = address.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
