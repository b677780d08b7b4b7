import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { ownerSetupTokens, users } from '../../../db/schema.js';
import { generateToken, hashToken } from '../tokens.js';

/** Where a node keeps its owner set-up token: readable by the operator of the machine only. */
export const OWNER_SETUP_TOKEN_FILE = 'owner-setup-token';

/**
 * The one-time token that lets the owner of a fresh install sign up as super admin, or null once there is one.
 * Whoever reaches the port first must not become the owner: the token lives in DATA_DIR (mode 600) and in the link
 * the server prints at start, so only the operator has it. The same token is used again after a restart; only its
 * hash is in the database, where any node finds it. An in-memory database (tests) keeps it in memory instead.
 */
export function ownerSetupToken(ctx: AppContext) {
  let inMemory: string | null = null;
  const file = path.join(ctx.config.dataDir, OWNER_SETUP_TOKEN_FILE);

  function readFile(): string | null {
    try {
      const token = fs.readFileSync(file, 'utf8').trim();
      return token.length >= 32 ? token : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  function writeFile(): string {
    fs.mkdirSync(ctx.config.dataDir, { recursive: true });
    const token = generateToken();
    try {
      // `wx`: two processes starting on one DATA_DIR cannot both write; the loser reads the winner's token.
      fs.writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
      return token;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      return readFile() ?? token;
    }
  }

  return async (): Promise<string | null> => {
    const [owner] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
    if (owner) {
      if (!ctx.config.inMemoryDb) fs.rmSync(file, { force: true });
      return null;
    }
    const token = ctx.config.inMemoryDb ? (inMemory ??= generateToken()) : (readFile() ?? writeFile());
    await ctx.db
      .insert(ownerSetupTokens)
      .values({ tokenHash: hashToken(token), createdAt: ctx.now() })
      .onConflictDoNothing();
    return token;
  };
}
