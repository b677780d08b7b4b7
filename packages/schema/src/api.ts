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

/** A record id in a path: a positive whole number the database can hold (ids past 2^53 are refused, never a 500). */
export const idParam = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be positive')
  .max(Number.MAX_SAFE_INTEGER, 'No such id');

/** A record id sent as a string in a body (`"42"`), within the same range. */
export const idString = (message = 'Invalid id') => z.string({ error: message }).regex(/^[1-9]\d{0,14}$/, message);

/** A calendar date `YYYY-MM-DD` that exists (no 2024-02-30). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Not a real date');
