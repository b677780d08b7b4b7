function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(show).join(', ') : 'none';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** What changed between the record before and after, one `field: old → new` per field, in words people read. */
export function describeChange(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const lines: string[] = [];
  for (const key of keys) {
    const label = key.replace(/_/g, ' ');
    const had = before !== null && key in before;
    const has = after !== null && key in after;
    if (had && has) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) lines.push(`${label}: ${show(before[key])} → ${show(after[key])}`);
    } else if (has) {
      lines.push(`${label}: ${show(after![key])}`);
    } else {
      lines.push(`${label} was ${show(before![key])}`);
    }
  }
  return lines;
}
