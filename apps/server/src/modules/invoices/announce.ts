import { formatDate, type Locale } from '@agency/schema';
import { mailT } from '../../integrations/mail-locale.js';
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

/** titleOf and forWhat in a reader's language, for the mail; dates and amounts written with Intl in it too. */
function mailIn(row: InvoiceRow, about: InvoiceAbout, companyName: string, projectTitle: string | null) {
  return (locale: Locale) => {
    const t = mailT(locale);
    const day = (value: string) => formatDate(value, { locale });
    const invoiceNo = row.invoiceNo;
    const title =
      row.kind === 'deposit'
        ? t('invoiceSent.title.deposit', { invoiceNo })
        : about.kind === 'stage'
          ? t('invoiceSent.title.stage', { invoiceNo, label: about.label })
          : about.kind === 'period'
            ? t('invoiceSent.title.period', { invoiceNo, from: day(about.from), to: day(about.to) })
            : t('invoiceSent.title.plain', { invoiceNo });
    const project = projectTitle ?? undefined;
    const what =
      about.kind === 'stage'
        ? t(project === undefined ? 'invoiceSent.for.stage' : 'invoiceSent.for.stageOfProject', { label: about.label, project })
        : about.kind === 'period'
          ? t(project === undefined ? 'invoiceSent.for.period' : 'invoiceSent.for.periodOfProject', {
              from: day(about.from),
              to: day(about.to),
              project,
            })
          : project === undefined
            ? ''
            : t('invoiceSent.for.project', { project });
    const text = [
      t('helloName', { name: companyName }),
      '',
      t(row.kind === 'deposit' ? 'invoiceSent.depositAttached' : 'invoiceSent.attached', { invoiceNo, for: what }),
      t('invoiceSent.amountDue', { amount: money(amountDueOf(row), row.currency, locale), date: day(row.dueDate) }),
      '',
      t('invoiceSent.payByCard'),
    ].join('\n');
    return { title, text };
  };
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
    mailIn: mailIn(row, about, party.companyName, party.projectTitle),
    attachments: [pdfAttachment(row, pdf.key)],
    target: { type: 'invoice', id: String(row.id) },
    projectId: row.projectId,
  });
}
