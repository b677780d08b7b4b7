import { MAX_PROJECT_ATTACHMENTS } from '@agency/schema';
import { count, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { projectAttachments, projects } from '../../../db/schema.js';
import { assertWithinQuota } from '../../storage/service.js';
import type { ProjectDeps } from '../deps.js';
import { load } from '../queries.js';
import { recordEvent } from '../timeline.js';

/** Records files already streamed to storage; access is decided again, and the count limit under the project's lock. */
export function recordAttachments({ ctx }: ProjectDeps) {
  return async (actor: Actor, id: number, files: { name: string; mime: string; size: number; storedFilename: string }[]) => {
    await load(ctx, actor, 'project:upload', id);
    return ctx.transaction(async (tx) => {
      // One upload at a time per project: two at once cannot pass the attachment limit together.
      await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).for('update');
      const [row] = await tx.select({ n: count() }).from(projectAttachments).where(eq(projectAttachments.projectId, id));
      if (Number(row?.n ?? 0) + files.length > MAX_PROJECT_ATTACHMENTS) {
        throw new AppError('PAYLOAD_TOO_LARGE', `A project can have at most ${MAX_PROJECT_ATTACHMENTS} attachments`);
      }
      const now = ctx.now();
      await tx.insert(projectAttachments).values(files.map((f) => ({ ...f, projectId: id, uploadedBy: actor.id, createdAt: now })));
      await assertWithinQuota(tx, ctx.config.storageQuotaBytes, actor);
      await recordEvent(ctx, tx, { projectId: id, actorId: actor.id, kind: 'attachment_added', note: files.map((f) => f.name).join(', ') });
    });
  };
}
