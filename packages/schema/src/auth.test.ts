import { describe, expect, it } from 'vitest';
import { clientSignupInput, emailSchema, inviteSignupInput, loginInput, passwordSchema } from './auth.js';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('password policy: 8 to 128 characters', () => {
  it('rejects 7 characters with a message that names the rule', () => {
    const result = passwordSchema.safeParse('a'.repeat(7));
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe('Password must be at least 8 characters');
  });

  it('accepts 8 and 128 characters', () => {
    expect(passwordSchema.safeParse('a'.repeat(8)).success).toBe(true);
    expect(passwordSchema.safeParse('a'.repeat(128)).success).toBe(true);
  });

  it('rejects 129 characters', () => {
    const result = passwordSchema.safeParse('a'.repeat(129));
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe('Password must be at most 128 characters');
  });

  it('keeps spaces: a password is never trimmed', () => {
    expect(passwordSchema.parse('  spaced out  ')).toBe('  spaced out  ');
  });

  it('asks for a missing password', () => {
    expect(firstMessage(passwordSchema.safeParse(undefined))).toBe('Password is required');
  });

  it('applies to every signup form, and login refuses an over-long password too', () => {
    const short = 'short12';
    expect(firstMessage(clientSignupInput.safeParse({ name: 'A', email: 'a@example.test', password: short }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstMessage(inviteSignupInput.safeParse({ invite_token: 'x', name: 'A', password: short }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(loginInput.safeParse({ email: 'a@example.test', password: 'x' }).success).toBe(true);
    expect(loginInput.safeParse({ email: 'a@example.test', password: '' }).success).toBe(false);
    expect(loginInput.safeParse({ email: 'a@example.test', password: 'a'.repeat(129) }).success).toBe(false);
  });
});

describe('e-mail validation', () => {
  it('trims surrounding spaces and keeps the address otherwise as typed', () => {
    expect(emailSchema.parse('  Ada.Lovelace@Example.test  ')).toBe('Ada.Lovelace@Example.test');
  });

  it.each(['', '   ', 'not-an-email', 'a@', '@example.test', 'a b@example.test', 'a@example'])('rejects %j', (value) => {
    expect(emailSchema.safeParse(value).success).toBe(false);
  });

  it('says what is wrong', () => {
    expect(firstMessage(emailSchema.safeParse(''))).toBe('E-mail is required');
    expect(firstMessage(emailSchema.safeParse('   '))).toBe('E-mail is required');
    expect(firstMessage(emailSchema.safeParse('nope'))).toBe('Enter a valid e-mail address');
    expect(firstMessage(emailSchema.safeParse(undefined))).toBe('E-mail is required');
  });

  it('rejects addresses longer than 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.test`;
    expect(long.length).toBeGreaterThan(254);
    expect(firstMessage(emailSchema.safeParse(long))).toBe('E-mail must be at most 254 characters');
  });

  it('trims the e-mail in the signup and login forms', () => {
    expect(clientSignupInput.parse({ name: ' Ada ', email: ' ada@example.test ', password: 'long-enough' })).toMatchObject({
      name: 'Ada',
      email: 'ada@example.test',
    });
    expect(loginInput.parse({ email: ' ada@example.test\n', password: 'x' }).email).toBe('ada@example.test');
  });

  it('drops empty optional company and phone', () => {
    const parsed = clientSignupInput.parse({ name: 'Ada', email: 'ada@example.test', password: 'long-enough', company: '  ', phone: '' });
    expect(parsed.company).toBeUndefined();
    expect(parsed.phone).toBeUndefined();
  });
});
