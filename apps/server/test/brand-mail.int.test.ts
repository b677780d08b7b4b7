import type net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, PASSWORD, deliveredMails, must, multipart, signInEveryRole, uniqueEmail, type TestApp } from './helpers.js';

/** A 1x1 PNG. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b2d7c90000000049454e44ae426082', 'hex'),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#123"/></svg>');

const ACME = {
  agency_name: 'Acme Works',
  primary_color: '#0B5D1E',
  contact_email: 'hi@acme.example',
  contact_phone: '+44 1632 960000',
  footer_links: [{ label: 'Privacy', url: 'https://acme.example/privacy' }],
};

/** A real SMTP peer on loopback: every message it receives, parsed as a mail client would. */
async function startSink() {
  const received: { to: string[]; mail: ParsedMail }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream, { keepCidLinks: true }).then(
        (mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 90_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('branded e-mail', () => {
  let t: TestApp;
  let people: Awaited<ReturnType<typeof signInEveryRole>>;

  beforeAll(async () => {
    t = await createTestApp({ BRAND_NAME: 'Env Studio', CONTACT_EMAIL: 'env@studio.example', MAIL_FROM: 'Env Studio <no-reply@studio.example>' });
    people = await signInEveryRole(t.app);
  });
  afterAll(() => t.close());

  const patch = (body: unknown) => call(t.app, 'PATCH', '/settings/brand', { token: people.superadmin.token, body });
  const invite = async () => {
    const email = uniqueEmail('invitee');
    const res = must(
      await call(t.app, 'POST', '/invitations', { token: people.superadmin.token, body: { email, role: 'teammember' } }),
      201,
      'invite',
    );
    const [mail] = await deliveredMails(t, email);
    return { mail: mail!, link: res.body.link as string };
  };

  it('has an HTML part in the brand set by a PATCH, beside the text part as it was', async () => {
    must(await call(t.app, 'DELETE', '/settings/brand/logo', { token: people.superadmin.token }), 200, 'no logo');
    must(await patch(ACME), 200, 'set the brand');
    const { mail, link } = await invite();
    // The text part is the invitation's words, unchanged.
    const lines = mail.text.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      `${people.superadmin.user.name} has invited you to join Acme Works as a team member.`,
      '',
      `Create your account here: ${link}`,
      '',
    ]);
    expect(lines[4]).toMatch(/^The link works once and expires on .+\.$/);
    expect(lines).toHaveLength(5);
    const html = mail.html;
    expect(html).toContain('<title>You are invited to join Acme Works</title>');
    expect(html).toContain('Acme Works');
    expect(html).not.toContain('Env Studio');
    // The header's rule, the button and the links in the brand's colour.
    expect(html).toContain('border-top:6px solid #0b5d1e');
    expect(html).toMatch(/background:#0b5d1e;color:#ffffff/);
    expect(html).toMatch(new RegExp(`href="${link.replace(/[.?*+^$()[\]\\|{}]/g, '\\$&')}"[^>]*>\\s*Create your account\\s*</a>`));
    expect(html).toContain('<a href="mailto:hi@acme.example" style="color:#0b5d1e">hi@acme.example</a>');
    expect(html).toContain('+44 1632 960000');
    expect(html).toContain('<a href="https://acme.example/privacy" style="color:#0b5d1e">Privacy</a>');
    expect(mail.inline).toEqual([]);

    // A later change of colour reaches the next mail.
    must(await patch({ primary_color: '#7b1fa2' }), 200, 'change the colour');
    const next = await invite();
    expect(next.mail.html).toContain('border-top:6px solid #7b1fa2');
    expect(next.mail.html).not.toContain('#0b5d1e');
  });

  it('gives every kind of mail the branded HTML part, a security notice without a button too', async () => {
    must(await patch(ACME), 200, 'set the brand');
    must(await call(t.app, 'POST', '/auth/password-reset', { body: { email: people.teammember.user.email } }), 202, 'ask for a reset');
    const [reset] = await deliveredMails(t, people.teammember.user.email, 1, (m) => m.subject === 'Reset your Acme Works password');
    expect(reset!.action?.label).toBe('Choose a new password');
    expect(reset!.text).toContain(`Choose a new password here: ${reset!.action!.url}`);
    expect(reset!.html).toMatch(/>\s*Choose a new password\s*<\/a>/);
    expect(reset!.html).toContain('border-top:6px solid #0b5d1e');

    const changed = await call(t.app, 'POST', '/account/password', {
      token: people.client.token,
      body: { current_password: PASSWORD, password: 'An0ther-long-passphrase!' },
    });
    expect(changed.status).toBe(204);
    const [notice] = await deliveredMails(t, people.client.user.email, 1, (m) => /password was changed/.test(m.subject));
    expect(notice!.html).toContain('Acme Works');
    expect(notice!.html).toContain('border-top:6px solid #0b5d1e');
    expect(notice!.html).not.toContain('If the button does not work');
  });

  it('carries a PNG logo inline by content id over SMTP, with the text and HTML parts', { timeout: 240_000 }, async () => {
    const sink = await startSink();
    const own = await createTestApp({
      BRAND_NAME: 'Env Studio',
      MAIL_TRANSPORT: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(sink.port),
      JOB_POLL_SECONDS: '0.5',
    });
    try {
      const ownPeople = await signInEveryRole(own.app);
      const token = ownPeople.superadmin.token;
      must(await call(own.app, 'PATCH', '/settings/brand', { token, body: ACME }), 200, 'set the brand');
      const body = multipart([{ name: 'logo.png', content: PNG, type: 'image/png' }]);
      must(await call(own.app, 'PUT', '/settings/brand/logo', { token, body: body.body, headers: body.headers }), 200, 'upload the logo');
      const email = uniqueEmail('smtp');
      const res = must(await call(own.app, 'POST', '/invitations', { token, body: { email, role: 'teammember' } }), 201, 'invite');
      const { mail } = await waitFor('the invitation over SMTP', () => sink.received.find((m) => m.to.includes(email)));
      expect(mail.subject).toBe('You are invited to join Acme Works');
      expect(mail.text).toContain(`Create your account here: ${res.body.link}`);
      const html = String(mail.html);
      expect(html).toContain('<img src="cid:brand-logo@mail" alt="Acme Works"');
      expect(html).toContain('border-top:6px solid #0b5d1e');
      const logo = mail.attachments.find((a) => a.cid === 'brand-logo@mail');
      expect(logo).toMatchObject({ contentType: 'image/png', contentDisposition: 'inline' });
      expect(logo!.content.equals(PNG)).toBe(true);

      // An SVG logo is not sent (most mail clients draw none): the header shows the agency's name alone.
      const svg = multipart([{ name: 'logo.svg', content: SVG, type: 'image/svg+xml' }]);
      must(await call(own.app, 'PUT', '/settings/brand/logo', { token, body: svg.body, headers: svg.headers }), 200, 'upload an SVG logo');
      const other = uniqueEmail('smtp-svg');
      must(await call(own.app, 'POST', '/invitations', { token, body: { email: other, role: 'teammember' } }), 201, 'invite again');
      const second = (await waitFor('the second invitation', () => sink.received.find((m) => m.to.includes(other)))).mail;
      expect(second.attachments).toEqual([]);
      expect(String(second.html)).not.toContain('cid:');
      expect(String(second.html)).toContain('Acme Works');
    } finally {
      await own.close();
      await sink.close();
    }
  });
});
