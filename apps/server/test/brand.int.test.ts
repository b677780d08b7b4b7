import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { approvedProject, pdfText, sentInvoice } from './invoice-helpers.js';
import { call, createTestApp, deliveredMails, must, multipart, signInEveryRole, uniqueEmail, type TestApp } from './helpers.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b2d7c90000000049454e44ae426082', 'hex'),
]);
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#123"/></svg>',
);

describe('brand settings', () => {
  let t: TestApp;
  let people: Awaited<ReturnType<typeof signInEveryRole>>;

  beforeAll(async () => {
    t = await createTestApp({ BRAND_NAME: 'Env Studio', CONTACT_EMAIL: 'env@studio.example', MAIL_FROM: 'Env Studio <no-reply@studio.example>' });
    people = await signInEveryRole(t.app);
  });
  afterAll(() => t.close());

  const patch = (body: unknown) => call(t.app, 'PATCH', '/settings/brand', { token: people.superadmin.token, body });
  const lastAudit = async (action: string) =>
    (await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];
  const ACME = {
    agency_name: 'Acme Works',
    primary_color: '#0B5D1E',
    contact_email: 'hi@acme.example',
    contact_phone: '+44 1632 960000',
    sender_name: 'Acme Works Team',
    sender_email: 'team@acme.example',
    footer_links: [
      { label: 'Privacy', url: 'https://acme.example/privacy' },
      { label: 'Terms', url: 'https://acme.example/terms' },
    ],
  };
  const upload = (file: { name: string; content: Buffer; type?: string }, token = people.superadmin.token) => {
    const body = multipart([file]);
    return call(t.app, 'PUT', '/settings/brand/logo', { token, body: body.body, headers: body.headers });
  };

  it('answers the environment defaults where nothing is set, and the public config says the same', async () => {
    const empty = { agency_name: '', primary_color: '', contact_email: '', contact_phone: '', sender_name: '', sender_email: '', footer_links: [] };
    must(await patch(empty), 200, 'clear the brand');
    must(await call(t.app, 'DELETE', '/settings/brand/logo', { token: people.superadmin.token }), 200, 'remove the logo');
    const res = must(await call(t.app, 'GET', '/settings/brand', { token: people.superadmin.token }), 200, 'brand');
    expect(res.body.brand).toMatchObject({
      agency_name: '',
      primary_color: '',
      footer_links: [],
      logo_url: null,
      effective: {
        agency_name: 'Env Studio',
        contact_email: 'env@studio.example',
        sender_name: 'Env Studio',
        sender_email: 'no-reply@studio.example',
        primary_color: '#4338ca',
      },
    });
    const config = must(await call(t.app, 'GET', '/config'), 200, 'config');
    expect(config.body).toMatchObject({
      brand_name: 'Env Studio',
      contact_email: 'env@studio.example',
      primary_color: '#4338ca',
      logo_url: null,
      footer_links: [],
    });
  });

  it('is the super admin’s alone: everyone else is refused and nothing changes', async () => {
    must(await patch({ agency_name: 'Owner Set' }), 200, 'set the name');
    for (const who of ['admin', 'teamlead', 'teammember', 'client'] as const) {
      const { token } = people[who];
      expect((await call(t.app, 'GET', '/settings/brand', { token })).status, who).toBe(403);
      expect((await call(t.app, 'PATCH', '/settings/brand', { token, body: { agency_name: 'Hijacked' } })).status, who).toBe(403);
      expect((await upload({ name: 'logo.png', content: PNG }, token)).status, who).toBe(403);
      expect((await call(t.app, 'DELETE', '/settings/brand/logo', { token })).status, who).toBe(403);
    }
    expect((await call(t.app, 'GET', '/settings/brand')).status).toBe(401);
    expect((await call(t.app, 'PATCH', '/settings/brand', { body: { agency_name: 'Hijacked' } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/config')).body.brand_name).toBe('Owner Set');
  });

  it('refuses a primary colour white text cannot be read on, giving the ratio, and keeps the old one', async () => {
    must(await patch({ agency_name: 'Kept', primary_color: '#1565c0' }), 200, 'set the colour');
    const res = await call(t.app, 'PATCH', '/settings/brand', {
      token: people.superadmin.token,
      body: { primary_color: '#ffeb3b', agency_name: 'Not saved' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_FAILED',
      error: 'White text on #ffeb3b has a contrast of 1.22:1; it needs at least 4.5:1. Choose a darker colour.',
    });
    const borderline = await call(t.app, 'PATCH', '/settings/brand', { token: people.superadmin.token, body: { primary_color: '#777777' } });
    expect(borderline.status).toBe(400);
    expect(borderline.body.error).toContain('4.47:1');
    const bad = await call(t.app, 'PATCH', '/settings/brand', { token: people.superadmin.token, body: { primary_color: 'blue' } });
    expect(bad.status).toBe(400);
    expect((await call(t.app, 'GET', '/config')).body).toMatchObject({ brand_name: 'Kept', primary_color: '#1565c0' });
  });

  it('saves the brand, answers it in the public config and records the change in the audit log', async () => {
    must(await patch({ agency_name: 'Before', primary_color: '' }), 200, 'set a name');
    const res = await patch(ACME);
    expect(res.status).toBe(200);
    expect(res.body.brand).toMatchObject({ agency_name: 'Acme Works', primary_color: '#0b5d1e', effective: { sender_email: 'team@acme.example' } });
    expect((await call(t.app, 'GET', '/config')).body).toMatchObject({
      brand_name: 'Acme Works',
      primary_color: '#0b5d1e',
      contact_email: 'hi@acme.example',
      contact_phone: '+44 1632 960000',
      footer_links: ACME.footer_links,
    });
    const entry = await lastAudit('brand.updated');
    expect(entry).toMatchObject({
      actorId: Number(people.superadmin.user.id),
      entityType: 'brand',
      before: { agencyName: 'Before', primaryColor: '' },
      after: { agencyName: 'Acme Works', primaryColor: '#0b5d1e' },
    });

    const six = Array.from({ length: 6 }, (_, i) => ({ label: `Link ${i}`, url: 'https://acme.example' }));
    expect((await patch({ footer_links: six })).status).toBe(400);
    expect((await call(t.app, 'GET', '/config')).body.footer_links).toEqual(ACME.footer_links);
  });

  it('sends mail from the brand’s sender with the agency name', async () => {
    must(await patch(ACME), 200, 'set the brand');
    const email = uniqueEmail('invitee');
    must(await call(t.app, 'POST', '/invitations', { token: people.superadmin.token, body: { email, role: 'teammember' } }), 201, 'invite');
    const [mail] = await deliveredMails(t, email);
    expect(mail!.from).toBe('"Acme Works Team" <team@acme.example>');
    expect(mail!.subject).toBe('You are invited to join Acme Works');
  });

  it('puts the agency name and contact lines on invoice PDFs', async () => {
    must(await patch(ACME), 200, 'set the brand');
    const world = {
      owner: people.superadmin,
      admin: people.admin,
      lead: people.teamlead,
      member: people.teammember,
      client: people.client,
      otherClient: people.otherClient,
    };
    const projectId = await approvedProject(t.app, world);
    const invoice = await sentInvoice(t.app, world, projectId);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/pdf`,
      headers: { authorization: `Bearer ${people.client.token}` },
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Acme Works');
    expect(text).toContain('hi@acme.example');
    expect(text).not.toContain('Env Studio');
  });

  it('goes back to a default when a field is emptied', async () => {
    must(await patch(ACME), 200, 'set the brand');
    const res = await call(t.app, 'PATCH', '/settings/brand', { token: people.superadmin.token, body: { sender_name: '', contact_email: '' } });
    expect(res.status).toBe(200);
    expect(res.body.brand.effective).toMatchObject({ sender_name: 'Env Studio', contact_email: 'env@studio.example', agency_name: 'Acme Works' });
    expect((await call(t.app, 'GET', '/config')).body.contact_email).toBe('env@studio.example');
  });

  it('takes a PNG logo, serves it publicly with an entity tag, and removes it', async () => {
    const res = await upload({ name: 'logo.png', content: PNG, type: 'image/png' });
    expect(res.status).toBe(200);
    const url: string = res.body.brand.logo_url;
    expect(url).toMatch(/^\/api\/brand\/logo\?v=[0-9a-f]{12}$/);
    expect((await call(t.app, 'GET', '/config')).body.logo_url).toBe(url);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['cache-control']).toBe('public, max-age=300');
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/brand/logo', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    expect((await lastAudit('brand.logo_changed'))?.after).toMatchObject({ mime: 'image/png', bytes: PNG.length });

    const removed = await call(t.app, 'DELETE', '/settings/brand/logo', { token: people.superadmin.token });
    expect(removed.status).toBe(200);
    expect(removed.body.brand.logo_url).toBeNull();
    expect((await call(t.app, 'GET', '/config')).body.logo_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/brand/logo' })).statusCode).toBe(404);
    expect(await lastAudit('brand.logo_removed')).toMatchObject({ actorId: Number(people.superadmin.user.id), before: { mime: 'image/png' } });
  });

  it('serves an SVG logo as a picture only, under a policy that runs nothing', async () => {
    const res = await upload({ name: 'logo.svg', content: SVG, type: 'image/svg+xml' });
    expect(res.status).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.body.brand.logo_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toBe(SVG.toString());
  });

  it('refuses other types, scripted SVG and files over the size limit, keeping the logo it had', async () => {
    const before = must(await upload({ name: 'logo.png', content: PNG, type: 'image/png' }), 200, 'upload').body.brand.logo_url;
    const jpeg = await upload({ name: 'logo.jpg', content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), type: 'image/jpeg' });
    expect(jpeg.status).toBe(415);
    expect(jpeg.body).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', error: 'The logo must be an SVG or PNG image' });
    const text = await upload({ name: 'logo.png', content: Buffer.from('just some words'), type: 'image/png' });
    expect(text.status).toBe(415);
    const scripted = await upload({
      name: 'logo.svg',
      content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      type: 'image/svg+xml',
    });
    expect(scripted.status).toBe(415);
    expect(scripted.body.error).toContain('scripts');
    const handler = await upload({ name: 'logo.svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>') });
    expect(handler.status).toBe(415);
    const huge = await upload({ name: 'logo.png', content: Buffer.concat([PNG, Buffer.alloc(600 * 1024)]), type: 'image/png' });
    expect(huge.status).toBe(413);
    expect((await call(t.app, 'GET', '/config')).body.logo_url).toBe(before);
    // Only the logo in use is kept in storage: refused uploads and replaced logos are removed.
    const files: string[] = [];
    for await (const file of t.app.ctx.storage.list()) files.push(file.key);
    const uploads = files.filter((key) => /\.(png|svg|jpg)$/.test(key));
    expect(uploads).toEqual([(await t.app.ctx.brand.load()).logo!.storageKey]);
  });
});
