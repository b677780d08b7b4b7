import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { goPath } from '@agency/schema';
import { eq } from 'drizzle-orm';
import { payments, type MailAttachment } from '../../../db/schema.js';
import { billingAddresses } from '../../companies/queries.js';
import type { InvoiceDeps } from '../deps.js';
import { freeze, pdfAttachment, receiptPdf, storePdf } from '../documents.js';
import { amountDueOf, money } from '../helpers.js';
import { mailT, recipientLocales } from '../../../integrations/mail-locale.js';
import { lockInvoice, partyOf } from '../queries.js';

/**
 * The receipt of one payment, mailed with the receipt PDF of that payment and the invoice: a paid invoice's
 * document is frozen (stored once with its hash), a part payment's is the invoice as it now stands. Claimed under
 * the payment's row lock and marked in the same transaction as the mail, so it goes out once however often the
 * job runs.
 */
export function sendReceipt({ ctx }: InvoiceDeps) {
  return async (paymentId: number): Promise<'sent' | 'done'> =>
    ctx.transaction(async (tx, publish) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
      if (!payment || payment.kind !== 'payment' || payment.receiptSentAt) return 'done';
      let row = await lockInvoice(tx, payment.invoiceId);
      let attachment: MailAttachment;
      if (row.status === 'paid') {
        row = await freeze(ctx, tx, row);
        attachment = pdfAttachment(row, row.pdfKey!);
      } else {
        attachment = pdfAttachment(row, (await storePdf(ctx, tx, row, 'receipt')).key);
      }
      const receipt = await receiptPdf(ctx, tx, row, payment);
      const receiptKey = `invoices/${row.id}/receipts/${receipt.receiptNo}-${crypto.randomBytes(6).toString('hex')}.pdf`;
      await ctx.storage.put(receiptKey, Readable.from([receipt.bytes]));
      const receiptAttachment: MailAttachment = {
        filename: `receipt-${receipt.receiptNo}.pdf`,
        content_type: 'application/pdf',
        storage_key: receiptKey,
      };
      const party = await partyOf(tx, row);
      // To the company's billing contacts (billing people and address, or its owners).
      const recipients = await billingAddresses(tx, row.companyId);
      const link = `${ctx.config.appUrl}${goPath({ type: 'invoice', id: String(row.id) })}`;
      if (recipients.length) {
        // Each address in its reader's language (an account's choice, else the agency's default), amounts too.
        const locales = await recipientLocales(tx, recipients, ctx.config.defaultLocale);
        await ctx.mailer.enqueue(
          tx,
          publish,
          recipients.map((to) => {
            const locale = locales.of(to);
            const t = mailT(locale);
            const amount = money(payment.amount, payment.currency, locale);
            return {
              to,
              subject: t('receipt.subject', { invoiceNo: row.invoiceNo, brand: ctx.brand.current().agencyName }),
              text: [
                t('helloName', { name: party.companyName }),
                '',
                party.projectTitle === null
                  ? t('receipt.received', { amount, invoiceNo: row.invoiceNo })
                  : t('receipt.receivedForProject', { amount, invoiceNo: row.invoiceNo, project: party.projectTitle }),
                t('receipt.attached', { receiptNo: receipt.receiptNo }),
                row.status === 'paid' ? t('receipt.paid') : t('receipt.due', { amount: money(amountDueOf(row), row.currency, locale) }),
                '',
                t('receipt.open', { link }),
              ].join('\n'),
              action: { label: t('receipt.action'), url: link },
              attachments: [receiptAttachment, attachment],
              locale,
            };
          }),
        );
      }
      await tx.update(payments).set({ receiptSentAt: ctx.now() }).where(eq(payments.id, paymentId));
      return 'sent';
    });
}
