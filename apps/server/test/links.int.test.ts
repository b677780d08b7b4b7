import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, signupClient, signupSuperadmin, type TestApp } from './helpers.js';

// Download links for project and message attachments: signed for the session that minted them, short-lived,
// and never forgeable with a key from the source code.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNED_URL_TTL_MINUTES: '10' });
  await signupSuperadmin(t.app);
});
afterAll(async () => t.close());

/** A client with a project holding one PDF, signed in twice (two sessions). */
async function projectWithFile() {
  const client = await signupClient(t.app);
  const created = await call(t.app, 'POST', '/projects', {
    token: client.token,
    body: { title: 'Secret plans', description: 'A project with a private file.' },
  });
  const boundary = `----agency${crypto.randomBytes(4).toString('hex')}`;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plans.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${created.body.project.id}/attachments`,
    headers: { authorization: `Bearer ${client.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(upload.statusCode).toBe(201);
  const url: string = JSON.parse(upload.body).project.attachments[0].url;
  return { client, projectId: created.body.project.id as string, url, pdf };
}

describe('signed download links', () => {
  it('download the file with no session header', async () => {
    const { url, pdf } = await projectWithFile();
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });

  it('cannot be minted by a stranger with the key that used to be in the source code', async () => {
    const { projectId, url } = await projectWithFile();
    const path = new URL(url, 'http://x').pathname;
    const expires = Math.floor(Date.now() / 1000) + 600;
    for (const secret of ['development-only-secret-do-not-use-in-production!']) {
      const oldStyle = crypto.createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url');
      const res = await t.app.inject({ method: 'GET', url: `${path}?expires=${expires}&sig=${oldStyle}` });
      expect(res.statusCode).toBe(404);
      const withSid = crypto.createHmac('sha256', secret).update(`${path}\n${expires}\n1`).digest('base64url');
      const res2 = await t.app.inject({ method: 'GET', url: `${path}?expires=${expires}&sid=1&sig=${withSid}` });
      expect(res2.statusCode).toBe(404);
      expect(JSON.parse(res2.body)).toEqual({ error: 'This link is invalid or has expired', code: 'LINK_INVALID' });
    }
    expect(projectId).toBeTruthy();
  });

  it('die with the session that minted them', async () => {
    const { client, url } = await projectWithFile();
    const second = await login(t.app, client.user.email);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/auth/logout', { token: client.token })).status).toBe(204);
    const after = await t.app.inject({ method: 'GET', url });
    expect(after.statusCode).toBe(404);
    // The person's other session still mints working links.
    const again = await call(t.app, 'GET', `/projects/${new URL(url, 'http://x').pathname.split('/')[3]}`, { token: second.body.token });
    expect((await t.app.inject({ method: 'GET', url: again.body.project.attachments[0].url })).statusCode).toBe(200);
  });

  it('expire after SIGNED_URL_TTL_MINUTES', async () => {
    const { url } = await projectWithFile();
    t.clock.advance(9 * 60_000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
