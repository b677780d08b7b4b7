import { formatDate, periodEndOf } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { paymentStages, recurringInvoices } from '../../db/schema.js';
import type { InvoiceRow } from './helpers.js';

/** What an invoice covers beyond its project: the payment stage it released, or the recurring period it bills. */
export type InvoiceAbout = { kind: 'stage'; label: string } | { kind: 'period'; from: string; to: string } | { kind: 'plain' };

export async function aboutOf(
  db: DbOrTx,
  row: Pick<InvoiceRow, 'paymentStageId' | 'recurringInvoiceId' | 'recurringPeriodOn'>,
): Promise<InvoiceAbout> {
  if (row.paymentStageId !== null) {
    const [stage] = await db.select({ label: paymentStages.label }).from(paymentStages).where(eq(paymentStages.id, row.paymentStageId)).limit(1);
    if (stage) return { kind: 'stage', label: stage.label };
  }
  if (row.recurringInvoiceId !== null && row.recurringPeriodOn !== null) {
    const [template] = await db.select().from(recurringInvoices).where(eq(recurringInvoices.id, row.recurringInvoiceId)).limit(1);
    if (template) {
      const schedule = {
        frequency: template.frequency,
        interval: template.interval,
        day: template.day,
        start_date: template.startDate,
        end_date: template.endDate,
        count: template.count,
      };
      return { kind: 'period', from: row.recurringPeriodOn, to: periodEndOf(schedule, row.recurringPeriodOn) };
    }
  }
  return { kind: 'plain' };
}

/** "Stage: Design" or "Period: 01 Mar 2026 to 31 Mar 2026", printed on the PDF under the project; null otherwise. */
export function aboutLine(about: InvoiceAbout): string | null {
  if (about.kind === 'stage') return `Stage: ${about.label}`;
  if (about.kind === 'period') return `Period: ${formatDate(about.from)} to ${formatDate(about.to)}`;
  return null;
}

/**
 * What the invoice is for, after its number in mails and notifications: ` for the stage "Design" of "Shop"`,
 * ` for 01 Mar 2026 to 31 Mar 2026 ("Shop")`, ` for "Shop"`, or nothing for a company's invoice without a project.
 */
export function forWhat(about: InvoiceAbout, projectTitle: string | null): string {
  const project = projectTitle === null ? '' : `"${projectTitle}"`;
  if (about.kind === 'stage') return ` for the stage "${about.label}"${project ? ` of ${project}` : ''}`;
  if (about.kind === 'period') return ` for ${formatDate(about.from)} to ${formatDate(about.to)}${project ? ` (${project})` : ''}`;
  return project ? ` for ${project}` : '';
}
