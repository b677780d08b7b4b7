import { z } from 'zod';
import { pageQuery } from './api.js';
import { ACCOUNT_STATUSES, emailSchema } from './auth.js';
import { COMPANY_ROLES, isCountryCode } from './company-constants.js';
import { currencySchema } from './money.js';
import { projectListItemSchema } from './projects.js';

export const companyRoleSchema = z.enum(COMPANY_ROLES, { error: 'Role must be owner, billing or member' });

export const companyNameSchema = z
  .string({ error: 'Company name is required' })
  .trim()
  .min(1, 'Company name is required')
  .max(120, 'Company name must be at most 120 characters');

/** An optional text field of a company: `null` or an empty text clears it. */
const clearableText = (max: number, label: string) =>
  z
    .union([z.string().trim().max(max, `${label} must be at most ${max} characters`), z.null()])
    .optional()
    .transform((v) => (v === '' ? null : v));

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  billing_address: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().nullable(),
  /** The tax or VAT number. */
  tax_number: z.string().nullable(),
  billing_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const companyResponseSchema = z.object({ company: companySchema });
export type CompanyResponse = z.infer<typeof companyResponseSchema>;

export const updateCompanyInput = z.object({
  name: companyNameSchema.optional(),
  billing_address: clearableText(500, 'Billing address'),
  country: z
    .union([
      z
        .string()
        .trim()
        .transform((v) => v.toUpperCase())
        .refine((v) => v === '' || isCountryCode(v), 'Country must be a two-letter ISO 3166-1 code, such as GB'),
      z.null(),
    ])
    .optional()
    .transform((v) => (v === '' ? null : v)),
  tax_number: clearableText(50, 'Tax/VAT number'),
  billing_email: z
    .union([z.string().trim().max(254, 'E-mail must be at most 254 characters'), z.null()])
    .optional()
    .refine((v) => !v || emailSchema.safeParse(v).success, 'Enter a valid e-mail address')
    .transform((v) => (v === '' ? null : v)),
});
export type UpdateCompanyInput = z.input<typeof updateCompanyInput>;
export type UpdateCompanyData = z.output<typeof updateCompanyInput>;

export const companyInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  expires_at: z.string(),
});
export type CompanyInvitation = z.infer<typeof companyInvitationSchema>;

export const createCompanyInvitationInput = z.object({ email: emailSchema, role: companyRoleSchema });
export type CreateCompanyInvitationInput = z.input<typeof createCompanyInvitationInput>;

export const createCompanyInvitationResponse = z.object({ invitation: companyInvitationSchema, link: z.string() });
export type CreateCompanyInvitationResponse = z.infer<typeof createCompanyInvitationResponse>;

export const companyInvitationListSchema = z.object({ items: z.array(companyInvitationSchema) });

export const companyMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company_role: companyRoleSchema,
  status: z.enum(ACCOUNT_STATUSES),
  created_at: z.string(),
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

export const companyMembersSchema = z.object({ items: z.array(companyMemberSchema) });
export const updateCompanyMemberInput = z.object({ role: companyRoleSchema });
export type UpdateCompanyMemberInput = z.input<typeof updateCompanyMemberInput>;
export const companyMemberResponseSchema = z.object({ member: companyMemberSchema });

/** Money per currency, in minor units. */
export const currencyAmountSchema = z.object({ currency: currencySchema, amount: z.number() });

/** A company as staff list it on the clients screen. */
export const companyListItemSchema = companySchema.extend({
  people_count: z.number(),
  projects_count: z.number(),
  open_invoices_count: z.number(),
  /** What its open invoices still ask for, per currency. */
  open_invoices_total: z.array(currencyAmountSchema),
  last_activity_at: z.string().nullable(),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

export const companiesQuery = pageQuery.extend({ q: z.string().trim().max(100, 'q must be at most 100 characters').optional() });
export type CompaniesQuery = z.input<typeof companiesQuery>;

export const companyDetailSchema = z.object({
  company: companySchema,
  members: z.array(companyMemberSchema),
  projects: z.array(projectListItemSchema),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;
