/**
 * One CSV field: quoted when it holds a quote, comma or line break; a leading `=`, `+`, `-`, `@`, tab or carriage
 * return gets an apostrophe first, so a spreadsheet never runs a name as a formula.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
