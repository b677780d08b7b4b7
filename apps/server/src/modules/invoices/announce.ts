import { formatDate } from '@agency/schema';
import type { Publish } from '../../core/events.js';
import type { Tx } from '../../db/client.js';
import type { InvoiceDeps } from './deps.js';
import { pdfAttachment, storePdf } from './documents.js';
import { amountDueOf, money, type InvoiceRow } from './helpers.js';
import { partyOf } from './queries.js';
import { notifyCompany } from './recipients.js';

/** Sends an issued invoice: the PDF is stored and mailed to the company's billing contacts, with an in-app notification. */
export async function announceSent({ ctx, notifications }: InvoiceDeps, tx: Tx, publish: Publish, row: InvoiceRow) {
  const party = await partyOf(tx, row);
  const pdf = await storePdf(ctx, tx, row, 'sent');
  const what = row.kind === 'deposit' ? 'deposit invoice' : 'invoice';
  await notifyCompany(notifications, tx, publish, row.companyId, {
    kind: 'invoice_sent',
    title: `${row.kind === 'deposit' ? 'Deposit invoice' : 'New invoice'} ${row.invoiceNo}`,
    body: `${row.invoiceNo} for "${party.projectTitle}": ${money(row.total, row.currency)}, due ${formatDate(row.dueDate)}.`,
    mailText: [
      `Hello ${party.companyName},`,
      '',
      `Your ${what} ${row.invoiceNo} for "${party.projectTitle}" is attached.`,
      `Amount due: ${money(amountDueOf(row), row.currency)}, by ${formatDate(row.dueDate)}.`,
      '',
      'You can pay it by card from your client area.',
    ].join('\n'),
    attachments: [pdfAttachment(row, pdf.key)],
    target: { type: 'invoice', id: String(row.id) },
    projectId: row.projectId,
  });
}
