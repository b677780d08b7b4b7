import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import type { Company } from './get-company';

export const COMPANIES_PAGE_SIZE = 25;

/** A company in the staff list: the company and what is going on with it. */
export type CompanyListItem = Company & {
  people_count: number;
  projects_count: number;
  open_invoices_count: number;
  /** What the open invoices still owe, one amount (minor units) per currency. */
  open_invoices_total: { currency: string; amount: number }[];
  last_activity_at: string | null;
};

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
