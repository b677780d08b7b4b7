import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../core/errors.js';
import { projectAttachments } from '../../../db/schema.js';
import type { ProjectDeps } from '../deps.js';

/** The file behind a signed download link (the signature is the proof of access). */
export function findAttachment({ ctx }: ProjectDeps) {
  return async (projectId: number, attachmentId: number) => {
    const [row] = await ctx.db
      .select()
      .from(projectAttachments)
      .where(and(eq(projectAttachments.id, attachmentId), eq(projectAttachments.projectId, projectId)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Attachment not found');
    return row;
  };
}
