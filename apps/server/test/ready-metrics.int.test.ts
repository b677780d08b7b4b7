import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, signupClient, type TestApp } from './helpers.js';

// GET /api/ready (may this node take traffic?) and GET /metrics (Prometheus), which answers only this machine
// or a holder of METRICS_TOKEN.
const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => t.close());
afterEach(() => vi.restoreAllMocks());

function metrics(options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: options.remoteAddress, headers: options.headers });
}

describe('readiness', () => {
  it('is ready when the database answers and the storage is reachable', async () => {
    const res = await call(t.app, 'GET', '/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
  });

  it('names the storage when it cannot be reached', async () => {
    vi.spyOn(t.app.ctx.storage, 'ready').mockRejectedValue(new Error('bucket gone'));
    const res = await call(t.app, 'GET', '/ready');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ status: 'not_ready', checks: { database: 'ok', storage: 'down', events: 'ok' } });
  });

  it('names the database when it does not answer', async () => {
    vi.spyOn(t.app.ctx.db, 'execute').mockRejectedValue(new Error('connection refused'));
    const res = await call(t.app, 'GET', '/ready');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'not_ready', checks: { database: 'down', storage: 'ok', events: 'ok' } });
  });

  it('is listed in the OpenAPI document, with /metrics', async () => {
    const doc = await call(t.app, 'GET', '/docs/json');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/ready', '/metrics']));
  });
});

describe('metrics', () => {
  it('are served to this machine in the Prometheus format', async () => {
    const res = await metrics();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const name of ['nodejs_eventloop_lag_seconds', 'http_request_duration_seconds', 'sse_open_streams', 'job_queue_depth']) {
      expect(res.body).toContain(`# TYPE ${name}`);
    }
    expect(res.body).toMatch(/^sse_open_streams \d+$/m);
    expect(res.body).toMatch(/^job_queue_depth\{queue="[^"]+",state="created"\} \d+$/m);
  });

  it('count requests by route pattern and status, never by raw URL', async () => {
    const { token } = await signupClient(t.app);
    expect((await call(t.app, 'GET', '/projects/987654', { token })).status).toBe(404);
    expect((await call(t.app, 'GET', '/health')).status).toBe(200);
    const text = (await metrics()).body;
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/projects\/:id",status_code="404"\} [1-9]\d*$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]\d*$/m);
    expect(text).not.toContain('987654');
  });

  it('count the event streams open on this node', async () => {
    vi.spyOn(t.app.realtime, 'openStreams').mockReturnValue(3);
    expect((await metrics()).body).toMatch(/^sse_open_streams 3$/m);
  });

  it('are hidden (404) from another machine, whatever X-Forwarded-For claims', async () => {
    const stranger = await metrics({ remoteAddress: '203.0.113.9' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('http_request_duration_seconds');
    const spoofed = await metrics({ remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(spoofed.statusCode).toBe(404);
    const wrong = await metrics({ remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer not-the-metrics-token' } });
    expect(wrong.statusCode).toBe(404);
  });

  it('are served to another machine that carries METRICS_TOKEN', async () => {
    const res = await metrics({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('are served over IPv6 loopback too', async () => {
    expect((await metrics({ remoteAddress: '::1' })).statusCode).toBe(200);
  });
});

describe('without METRICS_TOKEN', () => {
  it('no bearer token opens the metrics to another machine', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '198.51.100.4', headers: { authorization: 'Bearer ' } });
      expect(res.statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
