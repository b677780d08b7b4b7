import { hoursQuantity, minorToDecimalString, type Currency, type ProfitabilityReportData } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import type { TimeDeps } from '../deps.js';
import { profitabilityReport } from './profitability-report.js';

const CSV_HEADER = ['group', 'key', 'label', 'currency', 'budget', 'hours', 'cost', 'expenses', 'invoiced', 'paid', 'margin'];

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A cell a spreadsheet would run as a formula is kept as text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The report as CSV: one line per row, amounts in major units of their currency, hours to two decimals. */
export function exportProfitabilityCsv(deps: TimeDeps) {
  const report = profitabilityReport(deps);
  return async (actor: Actor, query: ProfitabilityReportData): Promise<string> => {
    const { rows } = await report(actor, query);
    const m = (minor: number | null, currency: Currency) => (minor === null ? null : minorToDecimalString(minor, currency));
    const lines = rows.map((r) =>
      [
        query.group_by,
        r.key,
        r.label,
        r.currency,
        m(r.budget, r.currency),
        hoursQuantity(r.minutes).toFixed(2),
        m(r.cost, r.currency),
        m(r.expenses, r.currency),
        m(r.invoiced, r.currency),
        m(r.paid, r.currency),
        m(r.margin, r.currency),
      ]
        .map(csvCell)
        .join(','),
    );
    return [CSV_HEADER.join(','), ...lines].map((line) => `${line}\r\n`).join('');
  };
}
