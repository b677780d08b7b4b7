// What the search answer's highlights look like, without zod: the web app's search dialog reads these alone.

/** Kinds of record the search finds, in the order the dialog groups them. */
export const SEARCH_KINDS = ['project', 'company', 'person', 'proposal', 'contract', 'invoice', 'card', 'message'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * A snippet's matched words are wrapped in these two characters (Unicode private-use code points, removed from the
 * text before it is highlighted, so they only ever mark matches). A snippet is plain text: the web app turns the
 * marked runs into `<mark>` elements and never reads it as HTML.
 */
export const SEARCH_MARK_START = '\uE000';
export const SEARCH_MARK_END = '\uE001';

/** At most this many words of a query are searched for; the rest are ignored. */
export const SEARCH_MAX_TERMS = 8;
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** A snippet split into its plain and matched runs, in order. */
export function splitMarks(snippet: string): { text: string; match: boolean }[] {
  const runs: { text: string; match: boolean }[] = [];
  let rest = snippet;
  while (rest.length > 0) {
    const start = rest.indexOf(SEARCH_MARK_START);
    if (start === -1) {
      runs.push({ text: rest, match: false });
      break;
    }
    if (start > 0) runs.push({ text: rest.slice(0, start), match: false });
    const end = rest.indexOf(SEARCH_MARK_END, start + 1);
    const stop = end === -1 ? rest.length : end;
    const text = rest.slice(start + 1, stop);
    if (text) runs.push({ text, match: true });
    rest = rest.slice(stop + 1);
  }
  return runs.filter((r) => r.text.length > 0);
}
