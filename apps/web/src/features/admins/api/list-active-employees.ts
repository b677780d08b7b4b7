import { MAX_PAGE_SIZE, type Account } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { listAccounts } from './list-accounts';

/** Every active employee, all pages, for pickers (choosing a project's team). */
export async function listActiveEmployees(): Promise<Account[]> {
  const all: Account[] = [];
  let cursor: string | undefined;
  do {
    const page = await listAccounts('employee', cursor);
    all.push(...page.items.filter((account) => account.status === 'active'));
    cursor = page.next_cursor ?? undefined;
  } while (cursor && all.length < MAX_PAGE_SIZE * 20);
  return all.sort((a, b) => a.name.localeCompare(b.name));
}

export function useActiveEmployees(enabled = true) {
  return useQuery({ queryKey: queryKeys.users.activeEmployees, queryFn: listActiveEmployees, enabled });
}
