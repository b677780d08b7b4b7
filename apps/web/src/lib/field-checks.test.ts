import { clientSignupInput, emailSchema, loginInput, nameSchema, passwordSchema, recoveryCodeSchema, totpCodeSchema } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  checkCurrentPassword,
  checkEmail,
  checkFields,
  checkName,
  checkNewPassword,
  checkOptionalText,
  checkRecoveryCode,
  checkTotpCode,
  type FieldCheck,
} from './field-checks';

/** The schema's first message for a value, or null when it accepts it. */
function schemaMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
}

const EMAILS = [
  '',
  '   ',
  'ada@example.test',
  ' Ada.Lovelace@Example.test ',
  'not-an-email',
  'a@',
  '@example.test',
  'a b@example.test',
  'a@example',
  'a..b@example.test',
  `${'a'.repeat(250)}@example.test`,
  "o'neil+x@mail.example.co.uk",
  '.a@example.test',
];
const PASSWORDS = ['', 'x', 'a'.repeat(7), 'a'.repeat(8), 'a'.repeat(128), 'a'.repeat(129), '        '];
const NAMES = ['', '  ', 'Ada', ' Ada ', 'a'.repeat(100), 'a'.repeat(101)];
const CODES = ['', '123456', '123 456', '12345', '1234567', 'abcdef', ' 123456 ', '1'.repeat(21)];
const RECOVERY = ['', '  ', 'abcd-efgh-ijkl-mnop', 'x'.repeat(64), 'x'.repeat(65)];

describe('the light pages check a field as the shared schema does', () => {
  const cases: [string, FieldCheck, z.ZodType, readonly string[]][] = [
    ['e-mail', checkEmail, emailSchema, EMAILS],
    ['name', checkName, nameSchema, NAMES],
    ['new password', checkNewPassword, passwordSchema, PASSWORDS],
    ['sign-in password', checkCurrentPassword, loginInput.shape.password, PASSWORDS],
    ['company', checkOptionalText(120, 'Company'), clientSignupInput.shape.company, ['', ' ', 'Acme', 'a'.repeat(120), 'a'.repeat(121)]],
    ['phone', checkOptionalText(40, 'Phone'), clientSignupInput.shape.phone, ['', '+44 20', 'a'.repeat(40), 'a'.repeat(41)]],
    ['authenticator code', checkTotpCode, totpCodeSchema, CODES],
    ['recovery code', checkRecoveryCode, recoveryCodeSchema, RECOVERY],
  ];
  it.each(cases)('%s', (_name, check, schema, values) => {
    for (const value of values) expect([value, check(value)]).toEqual([value, schemaMessage(schema, value)]);
  });
});

describe('checkFields', () => {
  it('gives every field its message and says whether all passed', () => {
    expect(checkFields({ email: 'x', password: '' }, { email: checkEmail, password: checkCurrentPassword })).toEqual({
      errors: { email: 'Enter a valid e-mail address', password: 'Password is required' },
      valid: false,
    });
    expect(checkFields({ email: 'ada@example.test', note: '' }, { email: checkEmail })).toEqual({ errors: { email: null, note: null }, valid: true });
  });
});
