import type { Account, User } from '@agency/schema';
import type { users } from '../../db/schema.js';

type UserRow = typeof users.$inferSelect;

export function presentUser(
  row: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'companyId' | 'companyRole'> & Partial<Pick<UserRow, 'locale'>>,
): User {
  return {
    id: String(row.id),
    name: row.name,
    email: row.email,
    role: row.role,
    company_id: row.companyId === null ? null : String(row.companyId),
    company_role: row.companyRole,
    locale: row.locale ?? null,
  };
}

export function presentAccount(row: UserRow): Account {
  return { ...presentUser(row), status: row.status, created_at: row.createdAt.toISOString() };
}
