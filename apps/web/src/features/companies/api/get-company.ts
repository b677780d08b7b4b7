import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** A client company as the API answers it (`GET /api/company`, `GET /api/companies/{id}`). */
export type Company = {
  id: string;
  name: string;
  /** Several lines, as the company writes it on its letters. */
  billing_address: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  /** The tax or VAT number. */
  tax_number: string | null;
  billing_email: string | null;
  created_at: string;
  updated_at: string;
};

/** GET /company: the signed-in client's own company. */
export function getCompany(): Promise<{ company: Company }> {
  return request<{ company: Company }>('/company');
}

export function useCompany() {
  return useQuery({ queryKey: queryKeys.company.detail, queryFn: getCompany });
}
