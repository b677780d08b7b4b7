import { z } from 'zod';
import { LOCALES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { COMPANY_ROLES } from './company-constants.js';
import { ROLES } from './roles.js';

export const roleSchema = z.enum(ROLES);

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const emailSchema = z
  .string({ error: 'E-mail is required' })
  .trim()
  .min(1, 'E-mail is required')
  .max(254, 'E-mail must be at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

export const nameSchema = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** A client's company and role in it; null for staff and employees. */
  company_id: z.string().nullable(),
  company_role: z.enum(COMPANY_ROLES).nullable(),
  /** The language the person picked; null (or absent, from an older server) follows the browser, then the agency's default. */
  locale: z.enum(LOCALES).nullish(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  /** Staff must turn on two-factor authentication before anything else (REQUIRE_STAFF_2FA). */
  mfa_enrolment_required: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const clientSignupInput = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  company: optionalText(120, 'Company'),
  phone: optionalText(40, 'Phone'),
});
export type ClientSignupInput = z.input<typeof clientSignupInput>;

/** What a sign-up answers, whether or not the address has an account: the mail sent to it says which. */
export const signupRequestedSchema = z.object({ status: z.literal('confirmation_sent'), email: z.string() });
export type SignupRequested = z.infer<typeof signupRequestedSchema>;

export const signupConfirmInput = z.object({
  token: z.string({ error: 'The link is incomplete' }).min(1, 'The link is incomplete').max(200),
});
export type SignupConfirmInput = z.input<typeof signupConfirmInput>;

export const superadminSignupInput = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  setup_key: z.string().max(500).optional(),
  /** The one-time token of a fresh install (the link the server prints at start carries it). */
  setup_token: z.string().max(200).optional(),
});
export type SuperadminSignupInput = z.input<typeof superadminSignupInput>;

export const inviteSignupInput = z.object({
  invite_token: z.string({ error: 'Invitation token is required' }).min(1, 'Invitation token is required').max(200),
  name: nameSchema,
  password: passwordSchema,
});
export type InviteSignupInput = z.input<typeof inviteSignupInput>;

export const loginInput = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginInput = z.input<typeof loginInput>;

export const INVITATION_ROLES = ['admin', 'teamlead', 'teammember'] as const;
export const invitationRoleSchema = z.enum(INVITATION_ROLES);
export const createInvitationInput = z.object({
  email: emailSchema,
  role: invitationRoleSchema,
});
export type CreateInvitationInput = z.input<typeof createInvitationInput>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: invitationRoleSchema,
  expires_at: z.string(),
  created_at: z.string().optional(),
  invited_by: z.string().optional(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const createInvitationResponse = z.object({ invitation: invitationSchema, link: z.string() });
export type CreateInvitationResponse = z.infer<typeof createInvitationResponse>;

export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: invitationRoleSchema,
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

export const accountSchema = userSchema.extend({
  status: accountStatusSchema,
  created_at: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const setStatusInput = z.object({ status: accountStatusSchema });

export const publicConfigSchema = z.object({
  brand_name: z.string(),
  contact_phone: z.string(),
  contact_email: z.string(),
  /** The brand's primary colour (#rrggbb), on which white text reaches 4.5:1. */
  primary_color: z.string(),
  /** Where the logo is served, or null when the agency name stands alone. */
  logo_url: z.string().nullable(),
  footer_links: z.array(z.object({ label: z.string(), url: z.string() })),
  superadmin_exists: z.boolean(),
  /** Card payments go to the built-in test checkout: screens and invoices say so. */
  test_payments: z.boolean(),
  /** The agency's time zone (IANA): timesheets' days and weeks, and which day is today, are counted in it. */
  time_zone: z.string(),
  /** The agency's default language (DEFAULT_LOCALE), for people whose browser asks for none of LOCALES. */
  default_locale: z.enum(LOCALES),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
