import { count, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { projectAttachments } from '../../../db/schema.js';
import type { ProjectDeps } from '../deps.js';
import { load } from '../queries.js';

/** Who may upload, and how many files the project has; checked again before the files are recorded. */
export function assertMayUpload({ ctx }: ProjectDeps) {
  return async (actor: Actor, id: number) => {
    await load(ctx, actor, 'project:upload', id);
    const [row] = await ctx.db.select({ n: count() }).from(projectAttachments).where(eq(projectAttachments.projectId, id));
    return { existing: Number(row?.n ?? 0) };
  };
}
