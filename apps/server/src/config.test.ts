import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveSessionSecret } from './config.js';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig defaults', () => {
  it('gives a request 30 s to arrive, and an upload more only while it keeps arriving at 64 KB/s', () => {
    expect(loadConfig({})).toMatchObject({ requestIdleTimeoutMs: 30_000, requestTimeoutMs: 30_000, uploadMinBytesPerSecond: 64 * 1024 });
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '10', UPLOAD_MIN_KB_PER_SECOND: '200' })).toMatchObject({
      requestTimeoutMs: 10_000,
      uploadMinBytesPerSecond: 200 * 1024,
    });
    expect(configError({ REQUEST_TIMEOUT_SECONDS: '0' }).message).toContain('REQUEST_TIMEOUT_SECONDS');
  });

  it('runs in development on port 3000 with the embedded database under ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      inMemoryDb: false,
      embeddedSharedBuffers: '16MB',
      superadminSetupKey: undefined,
      logLevel: 'info',
      trustProxy: false,
      brandName: 'Brightline Studio',
    });
    expect(config.mail).toEqual({
      transport: 'log',
      redactLinks: false,
      from: 'Brightline Studio <no-reply@brightline.example>',
      smtp: undefined,
      retryDelaySeconds: 10,
    });
  });

  it('keeps sessions 7 days idle and 30 days at most, and invitations 72 hours', () => {
    const config = loadConfig({});
    expect(config.sessionIdleMs).toBe(7 * 24 * 60 * 60_000);
    expect(config.sessionAbsoluteMs).toBe(30 * 86_400_000);
    expect(config.invitationTtlMs).toBe(72 * 3_600_000);
  });

  it('has no built-in session secret: without SESSION_SECRET one is created per installation', () => {
    expect(loadConfig({}).sessionSecret).toBeUndefined();
  });

  it('derives the app URL from the port and drops a trailing slash from APP_URL', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://agency.example/' }).appUrl).toBe('https://agency.example');
  });

  it('reads durations in the units their names say', () => {
    const config = loadConfig({ SESSION_IDLE_MINUTES: '15', SESSION_ABSOLUTE_DAYS: '2', INVITATION_TTL_HOURS: '1' });
    expect(config.sessionIdleMs).toBe(15 * 60_000);
    expect(config.sessionAbsoluteMs).toBe(2 * 86_400_000);
    expect(config.invitationTtlMs).toBe(3_600_000);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, never as "trust everyone"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,::1,loopback' }).trustProxy).toEqual(['10.0.0.5', '10.0.1.0/24', '::1', 'loopback']);
    expect(configError({ TRUST_PROXY: 'true' }).message).toMatch(/TRUST_PROXY: true would believe an X-Forwarded-For written by anyone/);
    expect(configError({ TRUST_PROXY: '10.0.0.0/33' }).message).toContain('TRUST_PROXY: not an address or range: 10.0.0.0/33');
    expect(configError({ TRUST_PROXY: '11' }).message).toContain('TRUST_PROXY:');
  });

  it('treats an empty variable as not set, as in a copied .env.example', () => {
    expect(loadConfig({ PORT: '', SUPERADMIN_SETUP_KEY: '', LOG_LEVEL: '' })).toMatchObject({
      port: 3000,
      superadminSetupKey: undefined,
      logLevel: 'info',
    });
    expect(configError({ MAIL_TRANSPORT: 'smtp', SMTP_HOST: '' }).message).toContain('SMTP_HOST');
  });

  it('lets explicit overrides win over the environment', () => {
    expect(loadConfig({ PORT: '4000' }, { port: 5000, inMemoryDb: true })).toMatchObject({ port: 5000, inMemoryDb: true });
  });
});

describe('loadConfig rejects invalid settings, naming the variable', () => {
  it.each(['abc', '-1', '70000', '3.5'])('PORT=%s', (value) => {
    const err = configError({ PORT: value });
    expect(err.message).toMatch(/^Invalid configuration:/);
    expect(err.message).toMatch(/\bPORT:/);
  });

  it.each([
    ['NODE_ENV', 'staging'],
    ['APP_URL', 'not a url'],
    ['SESSION_SECRET', 'too-short'],
    ['SUPERADMIN_SETUP_KEY', 'short'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['MAIL_TRANSPORT', 'pigeon'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
  ])('%s=%s', (name, value) => {
    expect(configError({ [name]: value }).message).toContain(`${name}:`);
  });

  const without = (env: Record<string, string>, ...names: string[]) =>
    Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));
  const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), MAIL_TRANSPORT: 'smtp', SMTP_HOST: 'mail.example' };
  const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

  it('requires SESSION_SECRET in production', () => {
    const err = configError(without({ ...production, ...stripe }, 'SESSION_SECRET'));
    expect(err.message).toContain('SESSION_SECRET');
    const config = loadConfig({ ...production, ...stripe });
    expect(config.sessionSecret).toBe('s'.repeat(32));
  });

  it('refuses the built-in test checkout in production unless test payments are allowed on purpose', () => {
    expect(configError({ ...production }).message).toContain('PAYMENT_PROVIDER: set PAYMENT_PROVIDER=stripe');
    expect(configError({ ...production, PAYMENT_PROVIDER: 'local' }).message).toContain('ALLOW_TEST_PAYMENTS=true');
    const allowed = loadConfig({ ...production, ALLOW_TEST_PAYMENTS: 'true' });
    expect(allowed.payments).toMatchObject({ provider: 'local', testMode: true });
    expect(loadConfig({ ...production, ...stripe }).payments).toMatchObject({ provider: 'stripe', testMode: false });
    // Outside production the test checkout is the default, and says so.
    expect(loadConfig({}).payments).toMatchObject({ provider: 'local', testMode: true });
  });

  it('refuses the log mail transport in production unless it is named on purpose, and then redacts links', () => {
    expect(configError(without({ ...production, ...stripe }, 'MAIL_TRANSPORT', 'SMTP_HOST')).message).toContain(
      'MAIL_TRANSPORT: set MAIL_TRANSPORT=smtp',
    );
    expect(loadConfig({ ...production, ...stripe, MAIL_TRANSPORT: 'log' }).mail).toMatchObject({ transport: 'log', redactLinks: true });
    expect(loadConfig({}).mail).toMatchObject({ transport: 'log', redactLinks: false });
  });

  it('requires SMTP_HOST when mail goes over SMTP', () => {
    expect(configError({ MAIL_TRANSPORT: 'smtp' }).message).toContain('SMTP_HOST');
    const config = loadConfig({ MAIL_TRANSPORT: 'smtp', SMTP_HOST: 'mail.example', SMTP_USER: 'u', SMTP_PASSWORD: 'p' });
    expect(config.mail.smtp).toEqual({ host: 'mail.example', port: 587, secure: false, user: 'u', password: 'p' });
  });
});

describe('resolveSessionSecret', () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'agency-secret-'));

  it('uses SESSION_SECRET when it is set', () => {
    const config = loadConfig({ SESSION_SECRET: 'k'.repeat(40), DATA_DIR: dataDir() });
    expect(resolveSessionSecret(config)).toBe('k'.repeat(40));
  });

  it('creates a random key once per installation, kept in DATA_DIR with mode 600', () => {
    const dir = dataDir();
    const first = resolveSessionSecret(loadConfig({ DATA_DIR: dir }));
    const again = resolveSessionSecret(loadConfig({ DATA_DIR: dir }));
    const elsewhere = resolveSessionSecret(loadConfig({ DATA_DIR: dataDir() }));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(again).toBe(first);
    expect(elsewhere).not.toBe(first);
    const stat = fs.statSync(path.join(dir, 'session-secret'));
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('gives an in-memory database a random key of its own', () => {
    const config = loadConfig({}, { inMemoryDb: true, dataDir: '/nonexistent' });
    expect(resolveSessionSecret(config)).not.toBe(resolveSessionSecret(config));
  });
});

describe('EMBEDDED_SHARED_BUFFERS', () => {
  it('takes a PostgreSQL size and refuses anything else, naming the setting', () => {
    expect(loadConfig({ EMBEDDED_SHARED_BUFFERS: '64MB' }).embeddedSharedBuffers).toBe('64MB');
    for (const bad of ['16', '16 MB', '0MB', '16mb', '16MB; drop table users']) {
      expect(configError({ EMBEDDED_SHARED_BUFFERS: bad }).message).toContain('EMBEDDED_SHARED_BUFFERS');
    }
  });
});
