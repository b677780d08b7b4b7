import type { CompanyListItem } from '@agency/schema';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const COMPANIES_PAGE_SIZE = 25;

export type CompanyPage = { items: CompanyListItem[]; next_cursor: string | null };

/** GET /companies?q=&cursor=&limit=: every client company, for staff. */
export function listCompanies(q: string, cursor?: string): Promise<CompanyPage> {
  return request<CompanyPage>('/companies', { query: { q, cursor, limit: COMPANIES_PAGE_SIZE } });
}

export function useCompanies(q: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.companies.list(q),
    queryFn: ({ pageParam }) => listCompanies(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Typing in the search box keeps the current rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
