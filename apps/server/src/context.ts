import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Actor } from './core/actor.js';
import type { EventBus } from './core/events.js';
import type { Transact } from './core/transaction.js';
import type { Database, Db } from './db/client.js';
import type { BrandStore } from './integrations/brand.js';
import type { JobRunner } from './integrations/jobs.js';
import type { Mailer } from './integrations/mailer.js';
import type { PaymentProvider } from './integrations/payments.js';
import type { Sealer } from './integrations/seal.js';
import type { Storage } from './integrations/storage.js';
import type { TtlCache } from './lib/ttl-cache.js';

/** What every service needs, built once per app. */
export type AppContext = {
  config: Config;
  /** Signs download links: SESSION_SECRET, or the random key kept in DATA_DIR. */
  signingKey: string;
  db: Db;
  database: Database;
  /** One transaction whose published events are delivered after commit. */
  transaction: Transact;
  events: EventBus;
  jobs: JobRunner;
  mailer: Mailer;
  /** The agency's brand (name, colour, contact lines, mail sender, logo): the super admin's settings over the environment. */
  brand: BrandStore;
  /** The card payment provider: `local` (built-in test checkout) or `stripe`. */
  payments: PaymentProvider;
  storage: Storage;
  /** Seals signed documents (PKCS#7). */
  sealer: Sealer;
  now(): Date;
  /** The app's logger, for what a service must report beyond its answer (a tampered document). */
  log: FastifyBaseLogger;
  /**
   * Resolved sessions by bearer token, for one second. A `session.revoked` event drops entries at once in this
   * process; another process behind the same load balancer sees the revocation within that second.
   */
  sessionCache: TtlCache<string, CachedSession>;
};

export type CachedSession = {
  actor: Actor;
  lastUsedAt: Date;
  expiresAt: Date;
};
