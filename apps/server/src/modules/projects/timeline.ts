import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { projectEvents } from '../../db/schema.js';

/** One entry of the project's timeline. */
export async function recordEvent(ctx: AppContext, db: DbOrTx, event: typeof projectEvents.$inferInsert) {
  await db.insert(projectEvents).values({ createdAt: ctx.now(), ...event });
}
