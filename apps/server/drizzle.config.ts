import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema.ts',
  // scripts/check-migrations.mjs points this at a scratch copy to see whether the schema has unmigrated changes.
  out: process.env.DRIZZLE_OUT ?? './apps/server/drizzle',
});
