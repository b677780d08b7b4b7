import { eq } from 'drizzle-orm';
import { AppError } from '../../../core/errors.js';
import type { AppContext } from '../../../context.js';
import { trainingMaterials } from '../../../db/schema.js';

/** The file behind a signed download link (the signature is the proof of access). */
export function findFile(ctx: AppContext) {
  return async (id: number) => {
    const [row] = await ctx.db.select().from(trainingMaterials).where(eq(trainingMaterials.id, id)).limit(1);
    if (!row?.fileStoredFilename || !row.fileName || !row.fileMime || row.fileSize === null) throw new AppError('NOT_FOUND', 'File not found');
    return { storedFilename: row.fileStoredFilename, name: row.fileName, mime: row.fileMime, size: row.fileSize };
  };
}
