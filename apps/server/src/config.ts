import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  AGENCY_TIME_ZONE_DEFAULT,
  LOCALES,
  type Locale,
  RECURRING_SWEEP_SECONDS_DEFAULT,
  CONTRACT_REMINDER_DAYS_DEFAULT,
  DEPOSIT_PERCENT_DEFAULT,
  INVOICE_DUE_DAYS_DEFAULT,
  INVOICE_REMINDER_DAYS_DEFAULT,
  DUNNING_RETRY_DAYS_DEFAULT,
  isTimeZone,
} from '@agency/schema';
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
  EMBEDDED_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'a size such as 16MB')
    .default('16MB'),
  SESSION_SECRET: z.string().min(32).optional(),
  SUPERADMIN_SETUP_KEY: z.string().min(12).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 24 * 7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().positive().default(30),
  INVITATION_TTL_HOURS: z.coerce.number().int().positive().default(72),
  PASSWORD_RESET_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  REQUIRE_STAFF_2FA: bool,
  BRAND_NAME: z.string().min(1).default('Brightline Studio'),
  CONTACT_PHONE: z.string().default('+44 20 7946 0000'),
  CONTACT_EMAIL: z.string().default('hello@brightline.example'),
  MAIL_TRANSPORT: z.enum(['log', 'smtp']).optional(),
  MAIL_FROM: z.string().default('Brightline Studio <no-reply@brightline.example>'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().positive().default(587),
  SMTP_SECURE: bool,
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  ALLOW_TEST_PAYMENTS: bool,
  WEB_DIST_DIR: z.string().optional(),
  SIGNED_URL_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  REDIS_URL: z.string().url().optional(),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_SIGNUP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_SETUP_KEY_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_INVITATIONS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_PASSWORD_RESET_PER_HOUR: z.coerce.number().int().min(1).default(10),
  REQUEST_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  UPLOAD_MIN_KB_PER_SECOND: z.coerce.number().int().min(1).max(1_000_000).default(64),
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(1024),
  UPLOAD_GRACE_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  MESSAGE_EMAIL_DELAY_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(24 * 60)
    .default(10),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  WEBHOOKS_ALLOW_LOOPBACK: bool,
  WEBHOOKS_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  WEBHOOKS_SECRET_KEY: z.string().min(32).optional(),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  SEAL_P12_PATH: z.string().optional(),
  SEAL_P12_PASSPHRASE: z.string().optional(),
  CONTRACT_REMINDER_DAYS: z.coerce.number().min(0.001).max(365).default(CONTRACT_REMINDER_DAYS_DEFAULT),
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  DEPOSIT_PERCENT: z.coerce.number().min(0).max(100).default(DEPOSIT_PERCENT_DEFAULT),
  INVOICE_DUE_DAYS: z.coerce.number().int().min(0).max(365).default(INVOICE_DUE_DAYS_DEFAULT),
  INVOICE_REMINDER_DAYS: z
    .string()
    .regex(/^\s*-?\d{1,3}(\s*,\s*-?\d{1,3})*\s*$/, 'a comma-separated list of whole days, negative before the due date (e.g. -3,1,7)')
    .default(INVOICE_REMINDER_DAYS_DEFAULT),
  DUNNING_RETRY_DAYS: z
    .string()
    .regex(/^\s*\d{1,3}(\s*,\s*\d{1,3})*\s*$/, 'a comma-separated list of whole days after a failed card charge (e.g. 3,5,7)')
    .refine((v) => v.split(',').every((d) => Number(d.trim()) >= 1), 'each retry day must be 1 or more')
    .default(DUNNING_RETRY_DAYS_DEFAULT),
  INVOICE_PAYMENT_INSTRUCTIONS: z.string().default('Pay by card from your client area, or by bank transfer quoting the invoice number.'),
  RATE_LIMIT_WEBHOOKS_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  METRICS_TOKEN: z.string().min(16).optional(),
  AGENCY_TIME_ZONE: z.string().refine(isTimeZone, 'an IANA time zone such as Europe/London').default(AGENCY_TIME_ZONE_DEFAULT),
  DEFAULT_LOCALE: z.enum(LOCALES, { error: `one of ${LOCALES.join(', ')}` }).default('en-GB'),
  RECURRING_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(RECURRING_SWEEP_SECONDS_DEFAULT),
  EVENT_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(64).default(4),
  EVENT_STREAMS_PER_PERSON: z.coerce.number().int().min(1).max(256).default(16),
  INBOUND_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'a mail domain such as reply.example.com')
    .optional(),
  INBOUND_EMAIL_SECRET: z.string().min(16).optional(),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().default('0.0.0.0'),
  INBOUND_EMAIL_MAX_MB: z.coerce.number().min(0.01).max(100).default(25),
  INBOUND_EMAIL_PER_SENDER_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  INBOUND_BOUNCES_PER_HOUR: z.coerce.number().int().min(1).max(100).default(3),
  DOCUMENT_LINK_TTL_DAYS: z.coerce.number().min(0.001).max(365).default(14),
});

export type Env = z.input<typeof envSchema>;

/**
 * Which proxies' X-Forwarded-For entries to believe: a hop count (the proxies in front of this server, counted from
 * it) or a list of their addresses. Never "every address": the left-most entry is written by the client, so trusting
 * it would let anyone choose the address that per-address limits and lock-outs count against.
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY's value as a hop count or a list of addresses; a message (string) when it is not valid. */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    return 'true would believe an X-Forwarded-For written by anyone; give the number of proxies in front of the server (1 behind one nginx) or their addresses (e.g. 10.0.0.5,10.0.1.0/24)';
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? hops : 'a hop count from 0 to 10, or a list of proxy addresses';
  }
  const entries = v.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) return `not an address or range: ${bad.join(', ')} (a hop count, or addresses such as 10.0.0.5,10.0.1.0/24)`;
  return entries;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  /** Uploaded files (local storage driver). */
  filesDir: string;
  databaseUrl?: string;
  /** The embedded database's buffer cache (PostgreSQL's shared_buffers), all of it resident once started. */
  embeddedSharedBuffers: string;
  /** PGlite in memory (tests): no files under dataDir. */
  inMemoryDb: boolean;
  /** Signs download links. When unset, a random key is created once and kept in DATA_DIR (see `resolveSessionSecret`). */
  sessionSecret?: string;
  /** How long a signed download link lives. */
  signedUrlTtlMs: number;
  superadminSetupKey?: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  invitationTtlMs: number;
  /** How long a password reset link works. */
  passwordResetTtlMs: number;
  /** Admins and the super admin must turn on two-factor authentication before they can do anything else. */
  requireStaff2fa: boolean;
  brandName: string;
  contactPhone: string;
  contactEmail: string;
  mail: {
    transport: 'log' | 'smtp';
    /** The log transport prints mails with their links replaced (production, where logs are kept and shipped). */
    redactLinks: boolean;
    from: string;
    smtp?: { host: string; port: number; secure: boolean; user?: string; password?: string };
    /** The first retry of a failed delivery waits this long; each later one twice as long as the one before. */
    retryDelaySeconds: number;
  };
  logLevel: string;
  /** The proxies whose X-Forwarded-* headers are believed: a hop count or their addresses; false for none. */
  trustProxy: TrustProxy;
  webDistDir?: string;
  /** Rate-limit counters go to Redis when set, else to the database. */
  redisUrl?: string;
  rateLimits: {
    anonymousPerMinute: number;
    loginPerMinute: number;
    signupPerHour: number;
    setupKeyPerHour: number;
    invitationsPerHour: number;
    uploadsPerHour: number;
    messagesPerMinute: number;
    passwordResetPerHour: number;
  };
  /** A connection idle this long (nothing sent, a body stalled half-way) is closed. */
  requestIdleTimeoutMs: number;
  /** A whole request must arrive within this long; past it, only an upload still arriving at the rate below. */
  requestTimeoutMs: number;
  /** The average rate an upload must keep up after `requestTimeoutMs` (bytes a second). */
  uploadMinBytesPerSecond: number;
  /** What each person may upload in all (message and project files). */
  storageQuotaBytes: number;
  /** An upload no message claims within this time is removed, and so is a file no record refers to. */
  uploadGraceMs: number;
  /** A message still unread this long after it arrived is e-mailed to its receiver. */
  messageEmailDelayMs: number;
  /** Where uploaded and generated files live: `local` under filesDir, or an S3-compatible bucket. */
  storage:
    | { driver: 'local' }
    | { driver: 's3'; endpoint?: string; region: string; bucket: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };
  /** How often each job queue is polled for work. */
  jobPollSeconds: number;
  /** Outgoing webhooks: loopback endpoints allowed over plain http (tests only); the first retry's delay, doubling after. */
  webhooks: { allowLoopback: boolean; retryBaseSeconds: number; secretKey?: string };
  /** Open event streams (GET /api/events) allowed on each node, per session and per person. */
  eventStreams: { perSession: number; perPerson: number };
  /** Lets a scraper that is not on this machine read GET /metrics (as `Authorization: Bearer <token>`). */
  metricsToken?: string;
  /** The certificate that seals signed contracts; without a path a self-signed one is generated into dataDir. */
  seal: { p12Path?: string; passphrase?: string };
  /** A sent contract still unsigned this long after sending gets one reminder. */
  contractReminderMs: number;
  /**
   * Replies by e-mail. `domain`: the reply addresses' domain (`reply+<token>@domain`); unset, chat e-mails carry no
   * reply address. `secret`: what a provider's inbound webhook (POST /api/inbound-email) must present. `smtpPort`: the
   * built-in SMTP listener's port (off when unset). A mail over `maxBytes`, or past `perSenderPerMinute` from one
   * address, is refused; a sender gets at most `bouncesPerHour` bounces.
   */
  inbound: {
    domain?: string;
    secret?: string;
    smtpPort?: number;
    smtpHost: string;
    maxBytes: number;
    perSenderPerMinute: number;
    bouncesPerHour: number;
  };
  /** How long an e-mailed one-tap document link (/d/<token>) works. */
  documentLinkTtlMs: number;
  /** The agency's IANA time zone: the days and ISO weeks of timesheets, and the Monday-noon reminder, are read in it. */
  agencyTimeZone: string;
  /** The language of people who picked none and whose browser asks for none of LOCALES. */
  defaultLocale: Locale;
  /** How often recurring invoices and dated payment stages are looked at (seconds). */
  recurringSweepSeconds: number;
  payments: {
    /** `local`: the built-in test checkout (offline); `stripe`: Stripe Checkout and its signed webhooks. */
    provider: 'local' | 'stripe';
    /** Card payments are the built-in test checkout: screens and invoices say "Test mode: no money moves". */
    testMode: boolean;
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
    /** Another base address for the Stripe API (a Stripe-compatible stand-in in tests); Stripe's own when unset. */
    stripeApiUrl?: string;
    /** How much of the project budget the automatic deposit invoice asks for. */
    depositPercent: number;
    /** Days from issue to due date when an invoice does not say. */
    invoiceDueDays: number;
    /** Reminder days relative to the due date: negative before it, positive after. */
    reminderDays: number[];
    /** Days after a failed autopay charge on which it is tried again; after the last, autopay pauses. */
    dunningRetryDays: number[];
    /** The payment instructions printed on every invoice PDF. */
    instructions: string;
    webhooksPerMinute: number;
  };
};

export class ConfigError extends Error {}

/**
 * The key that signs download links: SESSION_SECRET when set; otherwise a random key created on the first start
 * and kept in `DATA_DIR/session-secret` (mode 600), so links survive a restart. Never a constant: a key anyone
 * can read in the source would let a stranger mint links to any file. An in-memory database (tests) gets a
 * random key for the life of the process.
 */
export function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  if (config.inMemoryDb) return crypto.randomBytes(32).toString('base64url');
  const file = path.join(config.dataDir, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  // `wx`: two processes starting at once cannot both write; the loser reads the winner's key.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return fs.readFileSync(file, 'utf8').trim();
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  // An empty value (`SMTP_HOST=` in a copied .env.example) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const paymentProvider = e.PAYMENT_PROVIDER ?? 'local';
  const mailTransport = e.MAIL_TRANSPORT ?? 'log';
  const problems: string[] = [];
  if (production && !e.SESSION_SECRET) problems.push('SESSION_SECRET: required in production (at least 32 characters)');
  // In production the test doubles run only when named on purpose: a default must never take a real invoice's
  // payment from a test card, or print live links into a log that is kept and shipped.
  if (production && paymentProvider === 'local' && !e.ALLOW_TEST_PAYMENTS) {
    problems.push(
      'PAYMENT_PROVIDER: set PAYMENT_PROVIDER=stripe with its keys in production; the built-in test checkout (local) marks invoices paid with test cards and runs only with ALLOW_TEST_PAYMENTS=true',
    );
  }
  if (production && e.MAIL_TRANSPORT === undefined) {
    problems.push(
      'MAIL_TRANSPORT: set MAIL_TRANSPORT=smtp with SMTP_HOST in production (or MAIL_TRANSPORT=log on purpose: mails are then only printed, links redacted)',
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  if (paymentProvider === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe');
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  }
  if (mailTransport === 'smtp' && !e.SMTP_HOST) {
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
    embeddedSharedBuffers: e.EMBEDDED_SHARED_BUFFERS,
    inMemoryDb: false,
    sessionSecret: e.SESSION_SECRET,
    signedUrlTtlMs: e.SIGNED_URL_TTL_MINUTES * 60_000,
    superadminSetupKey: e.SUPERADMIN_SETUP_KEY,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
    invitationTtlMs: e.INVITATION_TTL_HOURS * 3_600_000,
    passwordResetTtlMs: e.PASSWORD_RESET_TTL_MINUTES * 60_000,
    requireStaff2fa: e.REQUIRE_STAFF_2FA,
    brandName: e.BRAND_NAME,
    contactPhone: e.CONTACT_PHONE,
    contactEmail: e.CONTACT_EMAIL,
    mail: {
      transport: mailTransport,
      redactLinks: production,
      from: e.MAIL_FROM,
      smtp: e.SMTP_HOST ? { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, password: e.SMTP_PASSWORD } : undefined,
      retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    webhooks: { allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK, retryBaseSeconds: e.WEBHOOKS_RETRY_BASE_SECONDS, secretKey: e.WEBHOOKS_SECRET_KEY },
    metricsToken: e.METRICS_TOKEN,
    eventStreams: { perSession: e.EVENT_STREAMS_PER_SESSION, perPerson: Math.max(e.EVENT_STREAMS_PER_PERSON, e.EVENT_STREAMS_PER_SESSION) },
    payments: {
      provider: paymentProvider,
      testMode: paymentProvider === 'local',
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: e.STRIPE_API_URL,
      depositPercent: e.DEPOSIT_PERCENT,
      invoiceDueDays: e.INVOICE_DUE_DAYS,
      reminderDays: [...new Set(e.INVOICE_REMINDER_DAYS.split(',').map((d) => Number(d.trim())))].sort((a, b) => a - b),
      dunningRetryDays: [...new Set(e.DUNNING_RETRY_DAYS.split(',').map((d) => Number(d.trim())))].sort((a, b) => a - b),
      // On the test checkout every invoice says so where it says how to pay (the PDF and the e-mails).
      instructions: paymentProvider === 'local' ? `Test mode: no money moves. ${e.INVOICE_PAYMENT_INSTRUCTIONS}` : e.INVOICE_PAYMENT_INSTRUCTIONS,
      webhooksPerMinute: e.RATE_LIMIT_WEBHOOKS_PER_MINUTE,
    },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local' },
    messageEmailDelayMs: Math.round(e.MESSAGE_EMAIL_DELAY_MINUTES * 60_000),
    storageQuotaBytes: e.STORAGE_QUOTA_MB * 1024 * 1024,
    uploadGraceMs: e.UPLOAD_GRACE_HOURS * 3_600_000,
    seal: { p12Path: e.SEAL_P12_PATH ? path.resolve(e.SEAL_P12_PATH) : undefined, passphrase: e.SEAL_P12_PASSPHRASE },
    contractReminderMs: Math.round(e.CONTRACT_REMINDER_DAYS * 86_400_000),
    inbound: {
      domain: e.INBOUND_EMAIL_DOMAIN?.toLowerCase(),
      secret: e.INBOUND_EMAIL_SECRET,
      smtpPort: e.INBOUND_SMTP_PORT,
      smtpHost: e.INBOUND_SMTP_HOST,
      maxBytes: Math.round(e.INBOUND_EMAIL_MAX_MB * 1024 * 1024),
      perSenderPerMinute: e.INBOUND_EMAIL_PER_SENDER_PER_MINUTE,
      bouncesPerHour: e.INBOUND_BOUNCES_PER_HOUR,
    },
    documentLinkTtlMs: Math.round(e.DOCUMENT_LINK_TTL_DAYS * 86_400_000),
    agencyTimeZone: e.AGENCY_TIME_ZONE,
    defaultLocale: e.DEFAULT_LOCALE,
    recurringSweepSeconds: e.RECURRING_SWEEP_SECONDS,
    requestIdleTimeoutMs: e.REQUEST_IDLE_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    uploadMinBytesPerSecond: e.UPLOAD_MIN_KB_PER_SECOND * 1024,
    redisUrl: e.REDIS_URL,
    rateLimits: {
      anonymousPerMinute: e.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
      loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
      signupPerHour: e.RATE_LIMIT_SIGNUP_PER_HOUR,
      setupKeyPerHour: e.RATE_LIMIT_SETUP_KEY_PER_HOUR,
      invitationsPerHour: e.RATE_LIMIT_INVITATIONS_PER_HOUR,
      uploadsPerHour: e.RATE_LIMIT_UPLOADS_PER_HOUR,
      messagesPerMinute: e.RATE_LIMIT_MESSAGES_PER_MINUTE,
      passwordResetPerHour: e.RATE_LIMIT_PASSWORD_RESET_PER_HOUR,
    },
  };
  return { ...config, ...overrides };
}
