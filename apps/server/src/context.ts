import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './integrations/mailer.js';
import type { Storage } from './integrations/storage.js';

/** What every service needs, built once per app. */
export type AppContext = {
  config: Config;
  db: Db;
  database: Database;
  mailer: Mailer;
  storage: Storage;
  now(): Date;
};
