import type { AuditQuery } from '@agency/schema';

/** A date as people here write it, dd/mm/yyyy (en-GB), as local midnight; null when it is not a real date. */
export function parseEnGbDate(text: string): Date | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

export type AuditFilterForm = { person: string; action: string; entityType: string; entityId: string; from: string; to: string };

export const EMPTY_FILTERS: AuditFilterForm = { person: '', action: '', entityType: '', entityId: '', from: '', to: '' };

/**
 * The API's query for the form: dates are whole days in the reader's own time zone, the end day included
 * (`to` is the midnight after it). Returns the field that is wrong instead when a date does not parse.
 */
export function toAuditQuery(form: AuditFilterForm): { query: AuditQuery } | { error: 'from' | 'to' } {
  const query: AuditQuery = {};
  if (form.person.trim()) query.person = form.person.trim();
  if (form.action) query.action = form.action;
  if (form.entityType) query.entity_type = form.entityType;
  if (form.entityId.trim()) query.entity_id = form.entityId.trim();
  if (form.from.trim()) {
    const from = parseEnGbDate(form.from);
    if (!from) return { error: 'from' };
    query.from = from.toISOString();
  }
  if (form.to.trim()) {
    const to = parseEnGbDate(form.to);
    if (!to) return { error: 'to' };
    to.setDate(to.getDate() + 1);
    query.to = to.toISOString();
  }
  return { query };
}
