import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { boardCardAttachments, expenses, messageUploads, projectAttachments, trainingMaterials, users } from '../../db/schema.js';

/** A `.partial` file this old is a leftover of a crash, never an upload in progress. */
const PARTIAL_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Whose quota an upload counts against: a person's own, or, for a client, its company's (all its people's files
 * together, so that inviting colleagues does not multiply the space).
 */
export type QuotaHolder = Pick<Actor, 'id' | 'companyId'>;

/**
 * Bytes of every file the holder uploaded (message, project, card and training files, expense receipts), in one
 * statement.
 */
async function usedBytes(db: DbOrTx, holder: QuotaHolder): Promise<number> {
  const by = (column: PgColumn) =>
    holder.companyId === null
      ? sql`${column} = ${holder.id}`
      : sql`${column} in (select ${users.id} from ${users} where ${users.companyId} = ${holder.companyId})`;
  const result = (await db.execute(sql`
    select coalesce(sum(bytes), 0)::text as bytes from (
      select ${messageUploads.size} as bytes from ${messageUploads} where ${by(messageUploads.uploaderId)}
      union all select ${projectAttachments.size} from ${projectAttachments} where ${by(projectAttachments.uploadedBy)}
      union all select ${boardCardAttachments.size} from ${boardCardAttachments} where ${by(boardCardAttachments.uploadedBy)}
      union all select ${trainingMaterials.fileSize} from ${trainingMaterials} where ${by(trainingMaterials.fileUploadedBy)}
      union all select ${expenses.receiptSize} from ${expenses} where ${by(expenses.userId)} and ${expenses.receiptSize} is not null
    ) files`)) as unknown as { rows: { bytes: string }[] };
  return Number(result.rows[0]?.bytes ?? 0);
}

/**
 * The quota check that holds when one person uploads several things at once. The check before streaming only
 * refuses early: parallel uploads all pass it. So the transaction that records an upload calls this after writing
 * its rows: it waits for this person's quota lock (one recording upload per person at a time, on every node), then
 * counts everything committed so far plus its own rows (a fresh statement sees what the previous holder committed).
 * Over the quota, it throws 413 QUOTA_EXCEEDED: the transaction rolls back and the caller removes the stored files.
 */
export async function assertWithinQuota(tx: Tx, quotaBytes: number, holder: QuotaHolder) {
  await tx.execute(
    holder.companyId === null
      ? sql`select pg_advisory_xact_lock(hashtext('storage-quota'), ${holder.id})`
      : sql`select pg_advisory_xact_lock(hashtext('storage-quota-company'), ${holder.companyId})`,
  );
  if ((await usedBytes(tx, holder)) > quotaBytes) throw new AppError('QUOTA_EXCEEDED');
}

/**
 * The uploaded-files budget of each person and the sweep of files nobody uses. Files of messages, project
 * attachments, card attachments, training materials and expense receipts live at the top of the storage (server-made names); other
 * modules keep theirs under a prefix (`contracts/…`, `invoices/…`), which the orphan sweep leaves alone.
 */
export function createStorageService(ctx: AppContext) {
  const graceMs = () => ctx.config.uploadGraceMs;

  return {
    /** Bytes this person (a client: its company) may still upload before the quota answers 413 (an early refusal; see `assertWithinQuota`). */
    async remainingQuota(actor: Actor): Promise<number> {
      return Math.max(0, ctx.config.storageQuotaBytes - (await usedBytes(ctx.db, actor)));
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
          ctx.db.select({ key: expenses.receiptStoredFilename }).from(expenses).where(inArray(expenses.receiptStoredFilename, batch)),
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
