import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { redactUrl, safeErrorMessage, serializeError } from './log-safety.js';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

function failedInsert() {
  const cause = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  return new DrizzleQueryError(
    'insert into "users" ("name", "email", "password_hash") values ($1, $2, $3)',
    ['Ann Example', 'ann@example.test', HASH],
    cause,
  );
}

describe('safeErrorMessage', () => {
  it("keeps the failed query and the database's reason, never the query's parameters", () => {
    const message = safeErrorMessage(failedInsert());
    expect(message).toContain('insert into "users"');
    expect(message).toContain('params: [redacted]');
    expect(message).toContain('terminating connection due to administrator command');
    expect(message).not.toContain('$argon2');
    expect(message).not.toContain('ann@example.test');
    expect(message).not.toContain('Ann Example');
  });

  it('redacts the parameters of a failed query found among the causes', () => {
    const wrapped = new Error('sign-up failed', { cause: failedInsert() });
    const message = safeErrorMessage(wrapped);
    expect(message).toMatch(/^sign-up failed <- cause: Failed query/);
    expect(message).not.toContain('$argon2');
  });

  it('says something for whatever was thrown', () => {
    expect(safeErrorMessage('plain text')).toBe('plain text');
    expect(safeErrorMessage(new Error(''))).toBe('unknown error');
  });
});

describe('serializeError and redactUrl', () => {
  it('leave no parameters in the stack and no secrets in a logged address', () => {
    const serialized = serializeError(failedInsert());
    expect(JSON.stringify(serialized)).not.toContain('$argon2');
    expect(redactUrl('/api/x?exp=1&sig=abc&token=def')).toBe('/api/x?exp=1&sig=[redacted]&token=[redacted]');
  });
});
