import { z } from 'zod';
import { CONVERSATION_ID_PATTERN } from './messaging.js';
import { SEARCH_KINDS, SEARCH_QUERY_MAX_LENGTH, type SearchKind } from './search-marks.js';

/** `GET /api/search?q=&kinds=&conversation_id=&limit=`: `kinds` is a comma-separated list (every kind when left out). */
export const searchQuery = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'q is required')
    .max(SEARCH_QUERY_MAX_LENGTH, `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`),
  kinds: z
    .string()
    .max(200)
    .refine((value) => parseSearchKinds(value) !== null, `kinds: use a comma-separated list of ${SEARCH_KINDS.join(', ')}`)
    .optional(),
  conversation_id: z.string().regex(CONVERSATION_ID_PATTERN, 'conversation_id must look like <project_id>:<client_id>').optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
/** The kinds a `kinds` parameter names (every kind when empty or left out); null when it names an unknown one. */
export function parseSearchKinds(value: string | undefined): SearchKind[] | null {
  if (value === undefined || value.trim() === '') return [...SEARCH_KINDS];
  const kinds = [...new Set(value.split(',').map((k) => k.trim()))];
  return kinds.every((k): k is SearchKind => (SEARCH_KINDS as readonly string[]).includes(k)) ? kinds : null;
}
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchItemSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  /** Plain text; matched words between SEARCH_MARK_START and SEARCH_MARK_END. */
  snippet: z.string(),
  /** Where the web app opens it (`/go/<type>/<id>`, resolved per role). */
  url: z.string(),
  /** A message's conversation (messages only), so a chat can jump to it. */
  conversation_id: z.string().optional(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;
export const searchAnswerSchema = z.object({ items: z.array(searchItemSchema) });
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
