import { emailSchema, type CompanyResponse, type UpdateCompanyInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** An optional text: trimmed, and empty means "none" (sent as null, so that a value can be cleared). */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value));

/**
 * The owner's form (PATCH /company), within the API's limits: the form always sends the name, so it is required
 * here (the API's schema lets a change leave it out), and every other field left empty is sent as null, which clears it.
 */
export const companyDetailsInput = z.object({
  name: z.string().trim().min(1, 'Company name is required').max(120, 'Company name must be at most 120 characters'),
  billing_address: optionalText(500, 'Billing address'),
  country: z
    .string()
    .regex(/^([A-Z]{2})?$/, 'Choose a country from the list')
    .transform((value) => (value === '' ? null : value)),
  tax_number: optionalText(50, 'Tax or VAT number'),
  billing_email: z
    .string()
    .trim()
    .max(254, 'Billing e-mail must be at most 254 characters')
    .refine((value) => value === '' || emailSchema.safeParse(value).success, 'Enter a valid e-mail address')
    .transform((value) => (value === '' ? null : value)),
});
export type CompanyDetailsForm = z.input<typeof companyDetailsInput>;
export type CompanyDetails = z.output<typeof companyDetailsInput>;

export function updateCompany(input: UpdateCompanyInput): Promise<CompanyResponse> {
  return request<CompanyResponse>('/company', { method: 'PATCH', body: input });
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.company.detail, data),
  });
}
