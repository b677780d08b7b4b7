import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.js';

const NUL = '\u0000';

const isBadText = (text: string) => text.includes(NUL) || !text.isWellFormed();

/** Whether a bad text sits in `value`; when it does, `path` is left holding where. Nothing is allocated otherwise. */
function holdsBadText(value: unknown, path: string[], depth: number): boolean {
  if (typeof value === 'string') return isBadText(value);
  // A raw body kept as bytes (the payment webhook's, verified by signature) is not text.
  if (depth > 20 || value === null || typeof value !== 'object' || value instanceof Uint8Array) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (isBadText(key)) {
      path.push('(key)');
      return true;
    }
    path.push(key);
    if (holdsBadText((value as Record<string, unknown>)[key], path, depth + 1)) return true;
    path.pop();
  }
  return false;
}

/** The first place in a parsed input where a text holds a NUL character or an unpaired surrogate, or null. */
export function findBadText(value: unknown, path: string[] = [], depth = 0): string | null {
  const at = [...path];
  return holdsBadText(value, at, depth) ? at.join('.') || 'value' : null;
}

/**
 * One rule for every text that reaches the API, in the body, the query and the path: no NUL characters and no
 * unpaired UTF-16 surrogates. PostgreSQL cannot store a NUL in text and a lone surrogate is not valid UTF-8, so
 * such input is answered 400 before any handler sees it, instead of failing in the database as a 500.
 */
export function registerInputHygiene(app: FastifyInstance) {
  // A callback hook: no promise per request on the hot path.
  app.addHook('preValidation', (request, _reply, done) => {
    const at = findBadText(request.params) ?? findBadText(request.query) ?? findBadText(request.body);
    done(at ? new AppError('VALIDATION_FAILED', `${at}: text may not contain NUL characters or invalid Unicode`) : undefined);
  });
}
