import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('system routes', () => {
  it('answers health with the database checked', async () => {
    expect(t.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    const res = await call(t.app, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends strict security headers on every response', async () => {
    const res = await call(t.app, 'GET', '/health');
    // A JSON answer may load nothing and be framed by nothing; pages get the page policy (web-assets test).
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const refused = await call(t.app, 'GET', '/projects');
    expect(refused.status).toBe(401);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Headers that only act on documents or on retired browsers stay off JSON answers.
    for (const name of ['x-xss-protection', 'x-download-options', 'origin-agent-cluster', 'cross-origin-opener-policy']) {
      expect(res.headers[name]).toBeUndefined();
    }
  });

  it('lists every API route in the OpenAPI document', async () => {
    const res = await call(t.app, 'GET', '/docs/json');
    expect(res.status).toBe(200);
    const documented = Object.keys(res.body.paths);
    const routes = t.app.printRoutes({ commonPrefix: false });
    for (const path of ['/api/auth/login', '/api/auth/signup/client', '/api/invitations', '/api/users', '/api/health', '/api/config']) {
      expect(documented).toContain(path);
    }
    expect(routes).toContain('/api/auth/me');
  });

  it('answers unknown API routes with the error body', async () => {
    const res = await call(t.app, 'GET', '/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Route GET /api/does-not-exist not found', code: 'ROUTE_NOT_FOUND' });
  });

  it('publishes the brand and contact lines from configuration', async () => {
    const res = await call(t.app, 'GET', '/config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      brand_name: t.config.brandName,
      contact_phone: t.config.contactPhone,
      contact_email: t.config.contactEmail,
      superadmin_exists: false,
      // The test app runs on the built-in test checkout, and says so.
      test_payments: true,
      // Days and weeks of time tracking are the agency's.
      time_zone: t.config.agencyTimeZone,
    });
  });
});

describe('behind an https proxy', () => {
  it('adds HSTS only to requests that came over https', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const secure = await call(proxied.app, 'GET', '/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await call(proxied.app, 'GET', '/health');
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
