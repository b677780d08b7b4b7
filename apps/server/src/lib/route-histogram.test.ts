import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteHistogram } from './route-histogram.js';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const OBSERVATIONS: [string, string, number, number][] = [
  ['GET', '/api/health', 200, 0.001],
  ['GET', '/api/health', 200, 0.005],
  ['GET', '/api/health', 200, 0.0051],
  ['GET', '/api/projects/:id', 404, 0.3],
  ['POST', '/api/projects', 201, 12],
  ['GET', 'unmatched', 404, 0.02],
  ['GET', '/api/health', 200, 10],
];

describe('RouteHistogram', () => {
  it('prints the same exposition text as prom-client’s Histogram for the same observations', async () => {
    const ours = new Registry();
    const fast = new RouteHistogram('http_request_duration_seconds', 'Time from request to response', BUCKETS);
    ours.registerMetric(fast as never);
    const reference = new Registry();
    const slow = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to response',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: BUCKETS,
      registers: [reference],
    });
    for (const [method, route, status, seconds] of OBSERVATIONS) {
      fast.observe(method, route, status, seconds);
      slow.observe({ method, route, status_code: String(status) }, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await reference.metrics());
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health",status_code="200"} 2');
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/projects",status_code="201"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"} 4');
  });

  it('starts empty again after a reset', async () => {
    const registry = new Registry();
    const fast = new RouteHistogram('d', 'h', [1]);
    registry.registerMetric(fast as never);
    fast.observe('GET', '/x', 200, 0.5);
    fast.reset();
    expect(await registry.metrics()).toBe('# HELP d h\n# TYPE d histogram\n');
  });
});
