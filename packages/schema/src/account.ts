import { z } from 'zod';
import { authResponseSchema, emailSchema, nameSchema, passwordSchema, roleSchema, userSchema } from './auth.js';
import { LOCALES, PASSWORD_MAX_LENGTH } from './constants.js';

/** A six-digit code from an authenticator app; spaces typed between the digits are ignored. */
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code' })
  .max(20, 'Enter the 6-digit code')
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A one-time recovery code as handed out (`abcd-efgh-ijkl-mnop`); case, spaces and dashes are ignored. */
export const recoveryCodeSchema = z.string({ error: 'Enter a recovery code' }).trim().min(1, 'Enter a recovery code').max(64, 'Not a recovery code');

const currentPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Exactly one second factor: a code from the app or a recovery code. */
function oneSecondFactor<T extends { code?: string; recovery_code?: string }>(value: T, ctx: z.RefinementCtx) {
  if ((value.code === undefined) === (value.recovery_code === undefined)) {
    ctx.addIssue({ code: 'custom', message: 'Give either a code or a recovery code', path: ['code'] });
  }
}

/** The first answer of a sign-in when the account has two-factor authentication: no session yet. */
export const mfaChallengeSchema = z.object({ mfa_required: z.literal(true), mfa_token: z.string() });
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

export const loginResponseSchema = z.union([authResponseSchema, mfaChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const loginSecondStepInput = z
  .object({
    mfa_token: z.string().min(1, 'mfa_token is required').max(200),
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .superRefine(oneSecondFactor);
export type LoginSecondStepInput = z.input<typeof loginSecondStepInput>;

/** `mfa_enrolment_required` is there (and true) only for a staff session that must enrol first. */
export const meResponseSchema = z.object({ user: userSchema, mfa_enrolment_required: z.boolean().optional() });
export type MeResponse = z.infer<typeof meResponseSchema>;

// Two-factor authentication on the profile page (staff).
export const mfaSetupResponseSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, a PNG data URL. */
  qr_data_url: z.string(),
});
export type MfaSetupResponse = z.infer<typeof mfaSetupResponseSchema>;

export const mfaConfirmInput = z.object({ code: totpCodeSchema });
export type MfaConfirmInput = z.input<typeof mfaConfirmInput>;

export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const mfaDisableInput = z
  .object({ password: currentPassword, code: totpCodeSchema.optional(), recovery_code: recoveryCodeSchema.optional() })
  .superRefine(oneSecondFactor);
export type MfaDisableInput = z.input<typeof mfaDisableInput>;

// Forgotten passwords.
export const passwordResetRequestInput = z.object({ email: emailSchema });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestInput>;

/** The same answer whether or not the address has an account. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account uses that address, we have sent it a link to choose a new password. The link works once and expires soon.';
export const passwordResetRequestedSchema = z.object({ message: z.string() });

export const passwordResetConfirmInput = z.object({
  token: z.string({ error: 'The link has no token' }).min(1, 'The link has no token').max(200),
  password: passwordSchema,
});
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmInput>;

/** Whether a reset link can still be used, asked when its page opens: the form is not shown for a dead link. */
export const passwordResetCheckInput = passwordResetConfirmInput.pick({ token: true });
export type PasswordResetCheckInput = z.input<typeof passwordResetCheckInput>;

// The profile page.
export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** The language the person picked; null follows the browser, then the agency's default. */
  locale: z.enum(LOCALES).nullable(),
  created_at: z.string(),
  /** An address waiting for its confirmation link to be opened. */
  pending_email: z.string().nullable(),
  mfa: z.object({
    /** Two-factor authentication is offered to this role (admins and the super admin). */
    available: z.boolean(),
    enabled: z.boolean(),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number(),
    /** REQUIRE_STAFF_2FA is on and this account has not enrolled yet. */
    required: z.boolean(),
  }),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileInput = z
  .object({
    name: nameSchema.optional(),
    /** A language of LOCALES, or null to follow the browser again. */
    locale: z
      .enum(LOCALES, { error: `Language must be one of ${LOCALES.join(', ')}` })
      .nullable()
      .optional(),
  })
  .refine((input) => input.name !== undefined || input.locale !== undefined, { message: 'Give a name or a language to change' });
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

export const changeEmailInput = z.object({ email: emailSchema, password: currentPassword });
export type ChangeEmailInput = z.input<typeof changeEmailInput>;

export const confirmEmailInput = z.object({ token: z.string({ error: 'The link has no token' }).min(1, 'The link has no token').max(200) });
export type ConfirmEmailInput = z.input<typeof confirmEmailInput>;

export const changePasswordInput = z.object({ current_password: currentPassword, password: passwordSchema });
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

export const sessionSchema = z.object({
  id: z.string(),
  /** Browser and system read from the user agent, e.g. "Firefox on Windows". */
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session this request came from. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
