import crypto from 'node:crypto';
import { errorBodySchema } from '@agency/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry, type Metric } from 'prom-client';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { safeErrorMessage } from '../lib/log-safety.js';
import { RouteHistogram } from '../lib/route-histogram.js';

/** Where the metrics are served (outside /api: scrapers expect it here, and it is no part of the product's API). */
export const METRICS_PATH = '/metrics';

/** Addresses of this machine itself: a scraper beside the server. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Whether a request may read the metrics: one from this machine (judged on the socket's own address, never on
 * X-Forwarded-For, which any caller can write), or one carrying `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (isLoopback(request.raw.socket?.remoteAddress)) return true;
  if (!token) return false;
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match !== null && sameSecret(match[1], token);
}

export type MetricsSources = {
  /** Event streams open on this node now. */
  openStreams(): number;
};

/**
 * Prometheus metrics at GET /metrics: request durations by method, route pattern (never the raw URL, whose ids
 * would make a series per record) and status; Node's own (event-loop delay, memory, GC); event streams open on
 * this node; jobs waiting or running per queue (the queue is in the database, so every node reports the same).
 * Each app has its own registry, so tests can run several apps in one process.
 */
export async function registerMetrics(app: FastifyInstance, ctx: AppContext, sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const durations = new RouteHistogram(
    'http_request_duration_seconds',
    'Time from request to response, by method, route pattern and status',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  registry.registerMetric(durations as unknown as Metric);

  new Gauge({
    name: 'sse_open_streams',
    help: 'Event streams (GET /api/events) open on this node',
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });

  new Gauge({
    name: 'job_queue_depth',
    help: 'Background jobs per queue and state: created (waiting), retry (waiting after a failure), active (running)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const { rows } = await ctx.database.executeSql(
          `select q.name as queue, s.state, count(j.id)::int as n
             from pgboss.queue q
             cross join (values ('created'), ('retry'), ('active')) as s(state)
             left join pgboss.job j on j.name = q.name and j.state::text = s.state
            group by q.name, s.state`,
          [],
        );
        for (const row of rows as { queue: string; state: string; n: number }[]) this.set({ queue: row.queue, state: row.state }, Number(row.n));
      } catch (err) {
        // The database is away (or the job tables not made yet): no figure rather than a wrong one.
        ctx.log.debug({ error: safeErrorMessage(err) }, 'metrics: job queue depth unavailable');
      }
    },
  });

  // A callback hook: no promise per answer on the hottest path. A request no route matched is counted under one
  // label, whatever its URL.
  app.addHook('onResponse', (request, reply, done) => {
    durations.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get(METRICS_PATH, {
    schema: {
      tags: ['system'],
      operationId: 'getMetrics',
      summary: 'Prometheus metrics; only from this machine (loopback) or with `Authorization: Bearer <METRICS_TOKEN>`, otherwise 404',
      security: [],
      produces: ['text/plain'],
      response: {
        200: z.any().meta({ type: 'string' }).describe('Metrics in the Prometheus text format'),
        404: errorBodySchema.describe('Not from this machine and no valid METRICS_TOKEN: answered as if there were no such route'),
        500: errorBodySchema.describe('Unexpected server error (`INTERNAL`)'),
      },
    },
    handler: async (request, reply) => {
      if (!mayReadMetrics(request, ctx.config.metricsToken)) {
        return reply.code(404).send({ error: `Route GET ${METRICS_PATH} not found`, code: 'ROUTE_NOT_FOUND' });
      }
      const text = await registry.metrics();
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
    },
  });
}
