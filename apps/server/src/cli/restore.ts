// `npm run restore -- <archive>`: brings a backup back into an empty DATA_DIR or an empty PostgreSQL database.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { restoreBackup, RestoreError } from '../integrations/backup.js';
import { openStorage } from '../integrations/storage.js';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const archive = process.argv[2];
if (!archive) {
  console.error('Usage: npm run restore -- <archive.tar.gz>');
  process.exit(2);
}
const config = loadConfig();
try {
  const manifest = await restoreBackup(
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir, storage: await openStorage(config) },
    path.resolve(archive),
  );
  console.log(`Restored ${manifest.database.kind} database and ${manifest.files.length} files from a backup of ${manifest.created_at}`);
} catch (err) {
  if (err instanceof RestoreError) {
    console.error(`Restore refused: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
