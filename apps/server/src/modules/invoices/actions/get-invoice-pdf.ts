import crypto from 'node:crypto';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { readerLocale } from '../../../i18n/index.js';
import type { InvoiceDeps } from '../deps.js';
import { pdfData } from '../documents.js';
import { load } from '../queries.js';

/**
 * The PDF: a paid or void invoice's stored document (its hash checked first, in the language it was stored in),
 * otherwise rendered as it is now in the reader's language.
 */
export function getInvoicePdf({ ctx }: InvoiceDeps) {
  return async (actor: Actor, id: number): Promise<{ invoiceNo: string; bytes: Buffer }> => {
    const row = await load(ctx, actor, 'invoice:read', id);
    if (row.pdfKey && row.pdfSha256) {
      const stream = await ctx.storage.read(row.pdfKey);
      if (!stream) throw new AppError('INTERNAL', 'The stored invoice document is missing');
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      if (crypto.createHash('sha256').update(bytes).digest('hex') !== row.pdfSha256) {
        ctx.log.error({ invoiceId: row.id, key: row.pdfKey }, 'stored invoice PDF does not match its hash; not served');
        throw new AppError('DOCUMENT_TAMPERED');
      }
      return { invoiceNo: row.invoiceNo, bytes };
    }
    return { invoiceNo: row.invoiceNo, bytes: Buffer.from(await pdfData(ctx, ctx.db, row, readerLocale(actor.locale, ctx.config.defaultLocale))) };
  };
}
