// Field checks for the light public pages (sign-in, client sign-up), which load without the validation library.
// They give the same first message as the shared schemas for the same value: field-checks.test.ts holds them to it.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@agency/schema';

/** A field's message, or null when the value is fine. */
export type FieldCheck = (value: string) => string | null;

// The address rule of the shared e-mail schema.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const checkEmail: FieldCheck = (value) => {
  const email = value.trim();
  if (email === '') return 'E-mail is required';
  if (email.length > 254) return 'E-mail must be at most 254 characters';
  return EMAIL.test(email) ? null : 'Enter a valid e-mail address';
};

export const checkName: FieldCheck = (value) => {
  const name = value.trim();
  if (name === '') return 'Name is required';
  return name.length > 100 ? 'Name must be at most 100 characters' : null;
};

/** A new password: the length rule. */
export const checkNewPassword: FieldCheck = (value) => {
  if (value.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return value.length > PASSWORD_MAX_LENGTH ? `Password must be at most ${PASSWORD_MAX_LENGTH} characters` : null;
};

/** The password given to sign in: any, but not none. */
export const checkCurrentPassword: FieldCheck = (value) => {
  if (value === '') return 'Password is required';
  return value.length > PASSWORD_MAX_LENGTH ? `Password must be at most ${PASSWORD_MAX_LENGTH} characters` : null;
};

export function checkOptionalText(max: number, label: string): FieldCheck {
  return (value) => (value.trim().length > max ? `${label} must be at most ${max} characters` : null);
}

/** A code from the authenticator app: six digits, spaces ignored. */
export const checkTotpCode: FieldCheck = (value) => {
  if (value.length > 20) return 'Enter the 6-digit code';
  return /^\d{6}$/.test(value.replace(/\s+/g, '')) ? null : 'Enter the 6-digit code from your authenticator app';
};

export const checkRecoveryCode: FieldCheck = (value) => {
  const code = value.trim();
  if (code === '') return 'Enter a recovery code';
  return code.length > 64 ? 'Not a recovery code' : null;
};

/** Every field's message at once (null for the fine ones), and whether all are fine. */
export function checkFields<K extends string>(values: Record<K, string>, checks: Partial<Record<K, FieldCheck>>) {
  const errors = {} as Record<K, string | null>;
  let valid = true;
  for (const key of Object.keys(values) as K[]) {
    const message = checks[key]?.(values[key]) ?? null;
    errors[key] = message;
    if (message) valid = false;
  }
  return { errors, valid };
}
