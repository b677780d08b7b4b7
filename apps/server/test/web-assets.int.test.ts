import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../src/plugins/security-headers.js';
import { createTestApp, type TestApp } from './helpers.js';

// The web app as the server sends it: compressed copies made at build time, cached for a year when the name
// carries a hash, never cached as a page.
const root = path.resolve(import.meta.dirname, '../../..');
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-dist-'));
const script = `console.log(${JSON.stringify('a line of the app '.repeat(400))});\n`;
const html = `<!doctype html><html lang="en-GB"><head><title>Agency</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
let t: TestApp;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), script);
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  execFileSync(process.execPath, [path.join(root, 'apps/web/scripts/compress.mjs'), dist]);
  t = await createTestApp({}, { webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('is sent Brotli-compressed when the browser accepts it, gzip otherwise, and plain to the rest', async () => {
    const br = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed assets for a year and never caches the page itself', async () => {
    const asset = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ url: '/loginpage', headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    // The page policy: scripts from this origin only, never inline; no plug-ins; no framing.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // A page carries every security header, the document-only ones included.
    expect(Object.keys(SECURITY_HEADERS).filter((name) => page.headers[name] === undefined)).toEqual([]);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(html);
    const refused = await t.app.inject({ url: '/loginpage', headers: { 'accept-encoding': 'br;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(html);
  });

  it('leaves files too small to gain anything as they are', async () => {
    expect(fs.existsSync(path.join(dist, 'favicon.svg.br'))).toBe(false);
    const icon = await t.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toBe('<svg/>');
  });

  it('serves a chunk the build writes after the server started, answers a missing one 404 without a page, and leaves API paths to the router', async () => {
    const late = path.join(dist, 'assets', 'late-XyZ789.js');
    expect((await t.app.inject({ url: '/assets/late-XyZ789.js' })).statusCode).toBe(404);
    fs.writeFileSync(late, 'console.log("late");\n');
    const res = await t.app.inject({ url: '/assets/late-XyZ789.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("late");\n');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ url: '/assets/never-there.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Route GET /assets/never-there.js not found', code: 'ROUTE_NOT_FOUND' });
    // API paths stay the router's: a parameter over its length limit is still a 414, not a missing file.
    const tooLong = await t.app.inject({ url: `/api/projects/${'1'.repeat(300)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json().code).toBe('URI_TOO_LONG');
    const page = await t.app.inject({ url: '/some/client/route' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answers page requests 503 with a clear message while the build is missing, and serves it once it is back', async () => {
    const building = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-dist-building-'));
    const app = await createTestApp({}, { webDistDir: building });
    try {
      const missing = await app.app.inject({ url: '/view-project?id=3' });
      expect(missing.statusCode).toBe(503);
      expect(missing.headers['retry-after']).toBe('10');
      expect(missing.json()).toEqual({ error: 'The web app is not built yet or is being rebuilt; try again in a moment', code: 'UNAVAILABLE' });
      // The API does not depend on the build.
      expect((await app.app.inject({ url: '/api/health' })).statusCode).toBe(200);

      fs.writeFileSync(path.join(building, 'index.html'), html);
      // index.html is read at most once a second: the next read finds it.
      let page = await app.app.inject({ url: '/view-project?id=3' });
      for (let i = 0; i < 30 && page.statusCode !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        page = await app.app.inject({ url: '/view-project?id=3' });
      }
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(html);
    } finally {
      await app.close();
      fs.rmSync(building, { recursive: true, force: true });
    }
  });
});

describe('a page request', () => {
  it('gets the copy of index.html that preloads its route’s chunks, matched as the router matches, or index.html', async () => {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-dist-routes-'));
    const pageWith = (chunk: string) => html.replace('</head>', `<link rel="modulepreload" crossorigin href="/assets/${chunk}"></head>`);
    fs.mkdirSync(path.join(built, 'pages'));
    fs.writeFileSync(path.join(built, 'index.html'), html);
    fs.writeFileSync(path.join(built, 'pages', 'loginpage.html'), pageWith('login-1.js'));
    fs.writeFileSync(path.join(built, 'pages', 'paymentsuccess-invoiceno.html'), pageWith('payment-success-1.js'));
    fs.writeFileSync(path.join(built, 'pages', 'paymentsuccess-latest.html'), pageWith('payment-latest-1.js'));
    const routes = [
      { path: '/loginpage', page: 'pages/loginpage.html' },
      { path: '/paymentsuccess/:invoiceNo', page: 'pages/paymentsuccess-invoiceno.html' },
      { path: '/paymentsuccess/latest', page: 'pages/paymentsuccess-latest.html' },
      { path: '/profile', page: 'pages/profile.html' },
    ];
    fs.writeFileSync(path.join(built, 'route-pages.json'), JSON.stringify({ routes }));
    execFileSync(process.execPath, [path.join(root, 'apps/web/scripts/compress.mjs'), built]);
    const app = await createTestApp({}, { webDistDir: built });
    try {
      const body = async (url: string) => {
        const res = await app.app.inject({ url, headers: { 'accept-encoding': 'br' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        return res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.body;
      };
      expect(await body('/loginpage')).toContain('href="/assets/login-1.js"');
      // The router ignores case and a trailing slash; a query string is not part of the path.
      expect(await body('/LoginPage/?next=%2Fprofile')).toContain('href="/assets/login-1.js"');
      expect(await body('/paymentsuccess/INV-2026-0001')).toContain('href="/assets/payment-success-1.js"');
      // A fixed segment wins over a parameter, wherever it stands in the table.
      expect(await body('/paymentsuccess/latest')).toContain('href="/assets/payment-latest-1.js"');
      // No route, more segments than the route has, or a route whose copy is missing: index.html itself.
      expect(await body('/no-such-screen')).toBe(html);
      expect(await body('/paymentsuccess/INV-2026-0001/extra')).toBe(html);
      expect(await body('/profile')).toBe(html);
      const head = await app.app.inject({ method: 'HEAD', url: '/loginpage' });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
    } finally {
      await app.close();
      fs.rmSync(built, { recursive: true, force: true });
    }
  });
});
