import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.js';
import type { AppContext } from '../context.js';
import { databaseRateLimitStore } from '../integrations/rate-limit-store.js';
import { safeErrorMessage } from '../lib/log-safety.js';

/**
 * Rate limits shared by every node: counters in PostgreSQL (or PGlite), or in Redis when REDIS_URL is set.
 * Signed-out API calls are limited per address as a whole; each door that costs something (sign-in, sign-up,
 * invitations, the setup key, uploads, sending) has its own limit in its route's `config.rateLimit`, built with
 * `doorLimit`. Signed-in reads (the polls) are never counted. A store failure lets the request through: a
 * database outage must not turn every answer into an error (the request itself will say 503).
 */
export async function registerRateLimits(app: FastifyInstance, ctx: AppContext) {
  const redisUrl = ctx.config.redisUrl;
  // The Redis client is loaded only when a Redis store is configured.
  const redis = redisUrl
    ? new (await import('ioredis')).Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : null;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ error: safeErrorMessage(err) }, 'rate-limit store (Redis) unavailable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    // Not a hook on every route: signed-in calls, the bulk of the traffic (the polls), are never counted, so they
    // skip the limiter below without the plugin's promises; a door with a limit of its own gets its own hook.
    global: false,
    max: ctx.config.rateLimits.anonymousPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => request.ip,
    ...(redis ? { redis, nameSpace: 'agency-rl:' } : { store: databaseRateLimitStore(ctx.database) }),
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests; try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} s`, {
        'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  });
  const anonymousLimit = app.rateLimit();
  // What load balancers and every public page ask for, many times a minute from one proxy address: counting them
  // would let a burst of page loads (or one client) turn a node's readiness into 429 and drop it from the pool.
  const UNCOUNTED = new Set(['/api/health', '/api/ready', '/api/config']);
  // After the bearer lookup (plugins/auth.ts): a signed-out call to the API is counted per address, unless its route
  // is a door with a limit of its own (which counts it there, signed in or not). A callback hook: a signed-in call
  // passes with one comparison.
  app.addHook('onRequest', (request, reply, done) => {
    if (
      request.actor !== null ||
      !request.url.startsWith('/api/') ||
      request.routeOptions.config?.rateLimit ||
      UNCOUNTED.has(request.routeOptions.url ?? '')
    )
      return done();
    anonymousLimit.call(app, request, reply).then(() => done(), done);
  });
}
