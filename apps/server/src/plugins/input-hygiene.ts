import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.js';

const NUL = '\u0000';

/** The first place in a parsed input where a text holds a NUL character or an unpaired surrogate, or null. */
export function findBadText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') {
    return value.includes(NUL) || !value.isWellFormed() ? path.join('.') || 'value' : null;
  }
  // A raw body kept as bytes (the payment webhook's, verified by signature) is not text.
  if (depth > 20 || value === null || typeof value !== 'object' || value instanceof Uint8Array) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL) || !key.isWellFormed()) return [...path, '(key)'].join('.');
    const found = findBadText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * One rule for every text that reaches the API, in the body, the query and the path: no NUL characters and no
 * unpaired UTF-16 surrogates. PostgreSQL cannot store a NUL in text and a lone surrogate is not valid UTF-8, so
 * such input is answered 400 before any handler sees it, instead of failing in the database as a 500.
 */
export function registerInputHygiene(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const value of [request.params, request.query, request.body]) {
      const at = findBadText(value);
      if (at) throw new AppError('VALIDATION_FAILED', `${at}: text may not contain NUL characters or invalid Unicode`);
    }
  });
}
