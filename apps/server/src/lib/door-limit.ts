import type { FastifyRequest } from 'fastify';

/**
 * A route's own rate limit (`config: { rateLimit: doorLimit(...) }`), counted for every caller of that door:
 * per signed-in person when there is one, else per address.
 */
export function doorLimit(max: number, windowMs: number, by: 'actor-or-ip' | 'ip' = 'actor-or-ip') {
  return {
    max,
    timeWindow: windowMs,
    // A door's limit applies to everyone, signed in or not.
    allowList: () => false,
    keyGenerator: (request: FastifyRequest) => (by === 'actor-or-ip' && request.actor ? `u${request.actor.id}` : `ip${request.ip}`),
  };
}
