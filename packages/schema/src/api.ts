import { z } from 'zod';
import { ERROR_CODES } from './errors.js';

/** The body of every error answer (DESIGN section 5). */
export const errorBodySchema = z.object({ error: z.string(), code: z.enum(ERROR_CODES as [string, ...string[]]) });

export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}

export const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
