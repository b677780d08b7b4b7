import { formatDate, isItemCounted } from '@agency/schema';
import { formatMoney } from '../contracts/template-render.js';
import { currencyOf, presentItems, totalsOf, type ProposalRow } from './queries.js';

/**
 * The proposal's content as the client accepts it, as plain text: what acceptance freezes (its SHA-256 is kept,
 * as contracts keep their document's). Every figure the client saw is in it: each item with its selection, the
 * totals, the deposit and the validity.
 */
export function proposalText(row: ProposalRow, agencyName: string, companyName: string): string {
  const currency = currencyOf(row);
  const money = (minor: number) => formatMoney(minor, currency) ?? '';
  const totals = totalsOf(row);
  const lines = [
    `${agencyName}: proposal to ${companyName}`,
    `${row.title} (version ${row.version})`,
    '',
    row.introMarkdown,
    ...row.sections.flatMap((s) => ['', `## ${s.title}`, '', s.body_markdown]),
    '',
    '## Items',
    ...presentItems(row.items).map(
      (item) =>
        `- ${item.optional ? (isItemCounted(item) ? '[x] ' : '[ ] ') : ''}${item.description}: ${item.quantity} x ${money(item.unit_price)}` +
        `, tax ${item.tax_rate}% = ${money(item.amount)}`,
    ),
    '',
    `Subtotal: ${money(totals.subtotal)}`,
    `Tax: ${money(totals.tax_total)}`,
    `Total: ${money(totals.total)}`,
    `Deposit (${row.depositPercent}%): ${money(totals.deposit_amount)}`,
    `Valid until: ${formatDate(row.validUntil)}`,
  ];
  return lines.join('\n');
}

/** The accepted items as contract lines: "Design: 1 x £1,000.00 = £1,000.00". */
export function contractItemLines(row: ProposalRow): string[] {
  const currency = currencyOf(row);
  const money = (minor: number) => formatMoney(minor, currency) ?? '';
  return presentItems(row.items)
    .filter(isItemCounted)
    .map(
      (item) =>
        `${item.description}: ${item.quantity} x ${money(item.unit_price)} = ${money(item.amount)}${item.tax ? ` + tax ${money(item.tax)}` : ''}`,
    );
}
