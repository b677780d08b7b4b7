import path from 'node:path';
import { CONTRACT_REMINDER_DAYS_DEFAULT } from '@agency/schema';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SUPERADMIN_SETUP_KEY: z.string().min(12).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 24 * 7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().positive().default(30),
  INVITATION_TTL_HOURS: z.coerce.number().int().positive().default(72),
  BRAND_NAME: z.string().min(1).default('Brightline Studio'),
  CONTACT_PHONE: z.string().default('+44 20 7946 0000'),
  CONTACT_EMAIL: z.string().default('hello@brightline.example'),
  MAIL_TRANSPORT: z.enum(['log', 'smtp']).default('log'),
  MAIL_FROM: z.string().default('Brightline Studio <no-reply@brightline.example>'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().positive().default(587),
  SMTP_SECURE: bool,
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
  WEB_DIST_DIR: z.string().optional(),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  SEAL_P12_PATH: z.string().optional(),
  SEAL_P12_PASSPHRASE: z.string().optional(),
  CONTRACT_REMINDER_DAYS: z.coerce.number().min(0.001).max(365).default(CONTRACT_REMINDER_DAYS_DEFAULT),
});

export type Env = z.input<typeof envSchema>;

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  /** Uploaded files (local storage driver). */
  filesDir: string;
  databaseUrl?: string;
  /** PGlite in memory (tests): no files under dataDir. */
  inMemoryDb: boolean;
  sessionSecret: string;
  superadminSetupKey?: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  invitationTtlMs: number;
  brandName: string;
  contactPhone: string;
  contactEmail: string;
  mail: {
    transport: 'log' | 'smtp';
    from: string;
    smtp?: { host: string; port: number; secure: boolean; user?: string; password?: string };
    /** The first retry of a failed delivery waits this long; each later one twice as long as the one before. */
    retryDelaySeconds: number;
  };
  logLevel: string;
  trustProxy: boolean;
  webDistDir?: string;
  /** How often each job queue is polled for work. */
  jobPollSeconds: number;
  /** The certificate that seals signed contracts; without a path a self-signed one is generated into dataDir. */
  seal: { p12Path?: string; passphrase?: string };
  /** A sent contract still unsigned this long after sending gets one reminder. */
  contractReminderMs: number;
};

export class ConfigError extends Error {}

const DEV_SECRET = 'development-only-secret-do-not-use-in-production!';

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  // An empty value (`SMTP_HOST=` in a copied .env.example) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required in production (at least 32 characters)');
  }
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_HOST) {
    throw new ConfigError('Invalid configuration:\n  SMTP_HOST: required when MAIL_TRANSPORT=smtp');
  }
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    filesDir: path.resolve(e.DATA_DIR, 'files'),
    databaseUrl: e.DATABASE_URL || undefined,
    inMemoryDb: false,
    sessionSecret: e.SESSION_SECRET ?? DEV_SECRET,
    superadminSetupKey: e.SUPERADMIN_SETUP_KEY,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
    invitationTtlMs: e.INVITATION_TTL_HOURS * 3_600_000,
    brandName: e.BRAND_NAME,
    contactPhone: e.CONTACT_PHONE,
    contactEmail: e.CONTACT_EMAIL,
    mail: {
      transport: e.MAIL_TRANSPORT,
      from: e.MAIL_FROM,
      smtp: e.SMTP_HOST ? { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, password: e.SMTP_PASSWORD } : undefined,
      retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    seal: { p12Path: e.SEAL_P12_PATH ? path.resolve(e.SEAL_P12_PATH) : undefined, passphrase: e.SEAL_P12_PASSPHRASE },
    contractReminderMs: Math.round(e.CONTRACT_REMINDER_DAYS * 86_400_000),
  };
  return { ...config, ...overrides };
}
