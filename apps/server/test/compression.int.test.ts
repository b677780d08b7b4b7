import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInEveryRole, type TestApp } from './helpers.js';

// Dynamic answers as a browser receives them: compressed past 1 KB when it accepts it, plain when small, and the
// event stream never (a compressor would hold its events back).
let t: TestApp;
let who: Awaited<ReturnType<typeof signInEveryRole>>;

beforeAll(async () => {
  t = await createTestApp();
  who = await signInEveryRole(t.app);
});
afterAll(async () => t.close());

describe('compressed answers', () => {
  it('sends a JSON answer over 1 KB Brotli-compressed, or gzip, to a client that accepts it, and plain to the rest', async () => {
    // The contract templates: the two default templates' bodies alone are well over 1 KB.
    const as = { authorization: `Bearer ${who.admin.token}` };
    const plain = await t.app.inject({ url: '/api/contract-templates', headers: as });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ url: '/api/contract-templates', headers: { ...as, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    // The security headers survive compression.
    expect(br.headers['x-content-type-options']).toBe('nosniff');

    const gz = await t.app.inject({ url: '/api/contract-templates', headers: { ...as, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(plain.body));
  });

  it('never inflates a compressed request body: it is refused as unreadable', async () => {
    const body = zlib.gzipSync(JSON.stringify({ email: 'someone@example.com', password: 'not-the-password' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/json/i);
  });

  it('leaves a small answer as it is', async () => {
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { 'accept-encoding': 'br, gzip', authorization: `Bearer ${who.client.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.body.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json().user.id).toBe(who.client.user.id);
  });

  it('never compresses the event stream: its first frame arrives at once to a client that accepts Brotli', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { headers, first } = await new Promise<{ headers: http.IncomingHttpHeaders; first: string }>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/events', headers: { authorization: `Bearer ${who.client.token}`, 'accept-encoding': 'br, gzip' } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            resolve({ headers: res.headers, first: chunk.toString('utf8') });
            request.destroy();
          });
        },
      );
      request.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
      request.setTimeout(10_000, () => reject(new Error('no frame within 10 s')));
    });
    expect(headers['content-type']).toContain('text/event-stream');
    expect(headers['content-encoding']).toBeUndefined();
    // Readable text, not compressed bytes.
    expect(first).toMatch(/^(:|id:|event:|retry:)/m);
  });
});
