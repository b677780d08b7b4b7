// `npm run backup [-- <archive>]`: one archive of the database and the stored files (integrations/backup.ts).
// With the embedded database, stop the server first; a PostgreSQL database is dumped while it runs.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { createBackup } from '../integrations/backup.js';
import { openStorage } from '../integrations/storage.js';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const archive = path.resolve(process.argv[2] ?? `backup-${stamp}.tar.gz`);
const manifest = await createBackup({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, storage: await openStorage(config) }, archive);
const bytes = manifest.files.reduce((n, f) => n + f.size, 0);
console.log(
  `Backup written to ${archive}: ${manifest.database.kind} database, ${manifest.files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB)`,
);
