import {
  assertNever,
  describeDuration,
  EXPENSE_CATEGORY_LABELS,
  formatDate,
  hoursQuantity,
  type BillTimeGroup,
  type ExpenseCategory,
  type InvoiceLineInput,
} from '@agency/schema';

export type BillableEntry = { userId: number; userName: string; cardId: number | null; cardTitle: string | null; workDate: string; minutes: number };
export type BillableExpense = { date: string; amount: number; category: ExpenseCategory; description: string };

const MAX_DESCRIPTION = 500;
const clip = (text: string) => (text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text);

/**
 * Approved time as invoice lines, one per card, person or day: the hours to two decimals at the project's hourly
 * rate, so each line's amount is rounded once, by the invoice's own totals, like any other line. Cards in the
 * order their first time was spent, people by name, days in date order.
 */
export function timeLines(
  entries: readonly BillableEntry[],
  groupBy: BillTimeGroup,
  hourlyRate: number,
  taxRate: number,
  projectTitle: string,
): InvoiceLineInput[] {
  const groups = new Map<string, { label: string; sort: string; minutes: number }>();
  const ordered = [...entries].sort((a, b) => a.workDate.localeCompare(b.workDate));
  for (const [i, e] of ordered.entries()) {
    const group = groupOf(e, groupBy, projectTitle, i);
    const current = groups.get(group.key);
    if (current) current.minutes += e.minutes;
    else groups.set(group.key, { label: group.label, sort: group.sort, minutes: e.minutes });
  }
  return (
    [...groups.values()]
      // By code unit, not locale: the keys are built to sort that way (padded numbers, '~' after them).
      .sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0))
      .map((g) => ({
        description: clip(`${g.label} (${describeDuration(g.minutes)})`),
        quantity: hoursQuantity(g.minutes),
        unit_price: hourlyRate,
        tax_rate: taxRate,
      }))
  );
}

function groupOf(e: BillableEntry, groupBy: BillTimeGroup, projectTitle: string, order: number) {
  switch (groupBy) {
    case 'card':
      return e.cardId === null
        ? { key: 'card:none', label: `Time: other work on ${projectTitle}`, sort: '~' }
        : { key: `card:${e.cardId}`, label: `Time: ${e.cardTitle ?? 'card'}`, sort: String(order).padStart(8, '0') };
    case 'person':
      return { key: `person:${e.userId}`, label: `Time: ${e.userName}`, sort: `${e.userName}\u0000${String(e.userId).padStart(16, '0')}` };
    case 'day':
      return { key: `day:${e.workDate}`, label: `Time on ${formatDate(e.workDate)}`, sort: e.workDate };
    default:
      return assertNever(groupBy);
  }
}

/** An approved expense as one line at cost: quantity 1, its amount as the unit price. */
export function expenseLines(items: readonly BillableExpense[], taxRate: number): InvoiceLineInput[] {
  return [...items]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((x) => ({
      description: clip(`Expense: ${EXPENSE_CATEGORY_LABELS[x.category]}, ${x.description} (${formatDate(x.date)})`),
      quantity: 1,
      unit_price: x.amount,
      tax_rate: taxRate,
    }));
}
