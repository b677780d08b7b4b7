import { and, eq, inArray, isNull, lt, sum } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import type { AppContext } from '../../context.js';
import { boardCardAttachments, messageUploads, projectAttachments, trainingMaterials } from '../../db/schema.js';

/** A `.partial` file this old is a leftover of a crash, never an upload in progress. */
const PARTIAL_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * The uploaded-files budget of each person and the sweep of files nobody uses. Files of messages, project
 * attachments, card attachments and training materials live at the top of the storage (server-made names); other
 * modules keep theirs under a prefix (`contracts/…`, `invoices/…`), which the orphan sweep leaves alone.
 */
export function createStorageService(ctx: AppContext) {
  const graceMs = () => ctx.config.uploadGraceMs;

  return {
    /** Bytes this person may still upload before the quota answers 413. */
    async remainingQuota(actor: Actor): Promise<number> {
      const [[uploads], [attachments], [cardFiles], [trainingFiles]] = await Promise.all([
        ctx.db
          .select({ bytes: sum(messageUploads.size) })
          .from(messageUploads)
          .where(eq(messageUploads.uploaderId, actor.id)),
        ctx.db
          .select({ bytes: sum(projectAttachments.size) })
          .from(projectAttachments)
          .where(eq(projectAttachments.uploadedBy, actor.id)),
        ctx.db
          .select({ bytes: sum(boardCardAttachments.size) })
          .from(boardCardAttachments)
          .where(eq(boardCardAttachments.uploadedBy, actor.id)),
        ctx.db
          .select({ bytes: sum(trainingMaterials.fileSize) })
          .from(trainingMaterials)
          .where(eq(trainingMaterials.fileUploadedBy, actor.id)),
      ]);
      const used = [uploads, attachments, cardFiles, trainingFiles].reduce((n, row) => n + Number(row?.bytes ?? 0), 0);
      return Math.max(0, ctx.config.storageQuotaBytes - used);
    },

    /**
     * Removes uploads no message claimed within the grace period, crash leftovers (`.partial` files) and files
     * no record refers to. Idempotent: a second run finds nothing left to do.
     */
    async sweep() {
      const now = ctx.now();
      const unclaimed = await ctx.db
        .delete(messageUploads)
        .where(and(isNull(messageUploads.messageId), lt(messageUploads.createdAt, new Date(now.getTime() - graceMs()))))
        .returning({ key: messageUploads.storedFilename });
      for (const { key } of unclaimed) await ctx.storage.remove(key);

      let partial = 0;
      const candidates: string[] = [];
      for await (const file of ctx.storage.list()) {
        const age = now.getTime() - file.modifiedAt.getTime();
        if (file.key.endsWith('.partial')) {
          if (age > PARTIAL_MAX_AGE_MS) {
            await ctx.storage.remove(file.key);
            partial += 1;
          }
        } else if (!file.key.includes('/') && age > graceMs()) {
          candidates.push(file.key);
        }
      }
      let orphans = 0;
      for (let i = 0; i < candidates.length; i += 500) {
        const batch = candidates.slice(i, i + 500);
        const referenced = await Promise.all([
          ctx.db.select({ key: messageUploads.storedFilename }).from(messageUploads).where(inArray(messageUploads.storedFilename, batch)),
          ctx.db.select({ key: projectAttachments.storedFilename }).from(projectAttachments).where(inArray(projectAttachments.storedFilename, batch)),
          ctx.db
            .select({ key: boardCardAttachments.storedFilename })
            .from(boardCardAttachments)
            .where(inArray(boardCardAttachments.storedFilename, batch)),
          ctx.db
            .select({ key: trainingMaterials.fileStoredFilename })
            .from(trainingMaterials)
            .where(inArray(trainingMaterials.fileStoredFilename, batch)),
        ]);
        const used = new Set(referenced.flat().map((r) => r.key));
        for (const key of batch) {
          if (used.has(key)) continue;
          await ctx.storage.remove(key);
          orphans += 1;
        }
      }
      if (unclaimed.length || partial || orphans) {
        ctx.log.info({ unclaimed: unclaimed.length, partial, orphans }, 'storage sweep removed unused files');
      }
      return { unclaimed: unclaimed.length, partial, orphans };
    },
  };
}

export type StorageService = ReturnType<typeof createStorageService>;
