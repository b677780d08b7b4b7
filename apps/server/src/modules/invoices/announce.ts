import { formatDate } from '@agency/schema';
import type { Publish } from '../../core/events.js';
import type { Tx } from '../../db/client.js';
import type { InvoiceDeps } from './deps.js';
import { aboutOf, forWhat, type InvoiceAbout } from './describe.js';
import { pdfAttachment, storePdf } from './documents.js';
import { amountDueOf, money, type InvoiceRow } from './helpers.js';
import { partyOf } from './queries.js';
import { notifyCompany } from './recipients.js';

/**
 * The notification's title and the mail's subject: a deposit, a payment stage ("Stage invoice INV-2026-0007: Design")
 * and a recurring period ("Invoice INV-2026-0008 for 01 Mar 2026 to 31 Mar 2026") each say what they are.
 */
function titleOf(row: InvoiceRow, about: InvoiceAbout): string {
  if (row.kind === 'deposit') return `Deposit invoice ${row.invoiceNo}`;
  if (about.kind === 'stage') return `Stage invoice ${row.invoiceNo}: ${about.label}`;
  if (about.kind === 'period') return `Invoice ${row.invoiceNo} for ${formatDate(about.from)} to ${formatDate(about.to)}`;
  return `New invoice ${row.invoiceNo}`;
}

/** Sends an issued invoice: the PDF is stored and mailed to the company's billing contacts, with an in-app notification. */
export async function announceSent({ ctx, notifications }: InvoiceDeps, tx: Tx, publish: Publish, row: InvoiceRow) {
  const [party, about] = await Promise.all([partyOf(tx, row), aboutOf(tx, row)]);
  const pdf = await storePdf(ctx, tx, row, 'sent');
  const what = row.kind === 'deposit' ? 'deposit invoice' : 'invoice';
  const subject = forWhat(about, party.projectTitle);
  await notifyCompany(notifications, tx, publish, row.companyId, {
    kind: 'invoice_sent',
    title: titleOf(row, about),
    body: `${row.invoiceNo}${subject}: ${money(row.total, row.currency)}, due ${formatDate(row.dueDate)}.`,
    mailText: [
      `Hello ${party.companyName},`,
      '',
      `Your ${what} ${row.invoiceNo}${subject} is attached.`,
      `Amount due: ${money(amountDueOf(row), row.currency)}, by ${formatDate(row.dueDate)}.`,
      '',
      'You can pay it by card from your client area.',
    ].join('\n'),
    attachments: [pdfAttachment(row, pdf.key)],
    target: { type: 'invoice', id: String(row.id) },
    projectId: row.projectId,
  });
}
