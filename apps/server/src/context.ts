import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './integrations/mailer.js';
import type { Storage } from './integrations/storage.js';
import type { TtlCache } from './lib/ttl-cache.js';

/** What every service needs, built once per app. */
export type AppContext = {
  config: Config;
  db: Db;
  database: Database;
  mailer: Mailer;
  storage: Storage;
  now(): Date;
  /**
   * Resolved sessions by token hash, for one second. Logout, disable and role changes in this process drop
   * entries at once; another process behind the same load balancer sees them within that second.
   */
  sessionCache: TtlCache<string, CachedSession>;
};

export type CachedSession = {
  actor: { id: number; role: import('@agency/schema').Role; name: string; email: string; sessionId: number };
  lastUsedAt: Date;
  expiresAt: Date;
};
