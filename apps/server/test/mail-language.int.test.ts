import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveredMail } from '../src/integrations/mailer.js';
import { approvedProject, makeWorld, sentInvoice, type World } from './invoice-helpers.js';
import {
  call,
  createTestApp,
  deliveredMails,
  must,
  PASSWORD,
  signupClient,
  signupSuperadmin,
  tokenFromLink,
  uniqueEmail,
  type TestApp,
} from './helpers.js';

/**
 * Every e-mail is written in its reader's language: the profile's choice, else the agency's DEFAULT_LOCALE (German
 * here, so that a person who chose British English shows that the choice wins, and an address without an account
 * shows the default). The HTML part's own words and direction follow.
 */
describe('e-mails in the reader’s language', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signupSuperadmin>>;

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_LOCALE: 'de', BRAND_NAME: 'Acme Works' });
    owner = await signupSuperadmin(t.app);
  });
  afterAll(() => t.close());

  /** A client who picked `locale` on the profile (null: never picked). */
  async function reader(locale: 'en-GB' | 'de' | 'ar' | null) {
    const client = await signupClient(t.app, { name: 'Robin Reader' });
    if (locale) must(await call(t.app, 'PATCH', '/account', { token: client.token, body: { locale } }), 200, 'pick a language');
    return client;
  }

  async function resetMail(email: string): Promise<DeliveredMail> {
    must(await call(t.app, 'POST', '/auth/password-reset', { body: { email } }), 202, 'ask for a reset');
    const [mail] = await deliveredMails(t, email, 1, (m) => m.text.includes('/reset-password?token='));
    return mail!;
  }

  it('writes a British English reader’s password reset exactly as before, whatever the agency’s default', async () => {
    const client = await reader('en-GB');
    const mail = await resetMail(client.user.email);
    expect(mail.subject).toBe('Reset your Acme Works password');
    const link = /http:\/\/app\.test\/reset-password\?token=\S+/.exec(mail.text)![0];
    expect(mail.text).toBe(
      [
        'Hello Robin Reader,',
        '',
        'Someone (we hope you) asked to reset the password of your Acme Works account.',
        `Choose a new password here: ${link}`,
        '',
        'The link works once and expires in 30 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    );
    expect(mail.action).toEqual({ label: 'Choose a new password', url: link });
    expect(mail.html).toContain('<html lang="en-GB" dir="ltr"');
    expect(mail.html).toContain('If the button does not work, open this address:');
  });

  it('writes a German reader’s password reset in German, the layout’s words too', async () => {
    const client = await reader('de');
    const mail = await resetMail(client.user.email);
    expect(mail.subject).toBe('Setzen Sie Ihr Acme Works-Passwort zurück');
    expect(mail.text).toContain('Guten Tag Robin Reader,');
    expect(mail.text).toContain('Wählen Sie hier ein neues Passwort: http://app.test/reset-password?token=');
    expect(mail.text).toContain('läuft in 30 Minuten ab');
    expect(mail.text).not.toContain('Someone');
    expect(mail.action?.label).toBe('Neues Passwort wählen');
    expect(mail.html).toContain('<html lang="de" dir="ltr"');
    expect(mail.html).toContain('Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse:');
    expect(mail.html).not.toContain('If the button does not work');
  });

  it('writes an Arabic reader’s password reset in Arabic, laid out right to left', async () => {
    const client = await reader('ar');
    const mail = await resetMail(client.user.email);
    expect(mail.subject).toBe('إعادة تعيين كلمة مرورك في Acme Works');
    expect(mail.text).toContain('مرحبًا Robin Reader،');
    expect(mail.text).toContain('اختر كلمة مرور جديدة من هنا: http://app.test/reset-password?token=');
    // 30 is Arabic's "many" plural category.
    expect(mail.text).toContain('بعد 30 دقيقة');
    expect(mail.action?.label).toBe('اختر كلمة مرور جديدة');
    expect(mail.html).toContain('<html lang="ar" dir="rtl"');
    expect(mail.html).toContain('إذا لم يعمل الزر، فافتح هذا العنوان:');
    expect(mail.html).toContain('align="right"');
    expect(mail.html).not.toContain('align="left"');
  });

  it('writes to a reader who never chose in the agency’s default language, a mail without a button included', async () => {
    const client = await reader(null);
    // The sign-up link went out before the account existed: in the agency's default language.
    const [signup] = await deliveredMails(t, client.user.email, 1, (m) => m.text.includes('/confirm-signup?token='));
    expect(signup!.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse, um die Registrierung bei Acme Works abzuschließen');
    expect(signup!.action?.label).toBe('Adresse bestätigen');
    const newEmail = uniqueEmail('moved');
    must(await call(t.app, 'POST', '/account/email', { token: client.token, body: { email: newEmail, password: PASSWORD } }), 202, 'ask');
    const [notice] = await deliveredMails(t, client.user.email, 1, (m) => m.subject.endsWith('wird geändert'));
    expect(notice!.subject).toBe('Ihre E-Mail-Adresse bei Acme Works wird geändert');
    expect(notice!.text).toContain(`möchte dessen E-Mail-Adresse in ${newEmail} ändern.`);
    expect(notice!.action).toBeUndefined();
    expect(notice!.html).toContain('<html lang="de" dir="ltr"');
    const [confirm] = await deliveredMails(t, newEmail);
    expect(confirm!.subject).toBe('Bestätigen Sie Ihre neue E-Mail-Adresse bei Acme Works');
    expect(confirm!.action?.label).toBe('Diese Adresse verwenden');
  });

  it('tells an Arabic reader that the password changed in Arabic, with the date written in Arabic', async () => {
    const client = await reader('ar');
    must(
      await call(t.app, 'POST', '/account/password', {
        token: client.token,
        body: { current_password: PASSWORD, password: 'another-long-password-42' },
      }),
      204,
      'change the password',
    );
    const [mail] = await deliveredMails(t, client.user.email, 1, (m) => m.subject.startsWith('تم تغيير كلمة مرورك'));
    expect(mail!.subject).toBe('تم تغيير كلمة مرورك في Acme Works');
    expect(mail!.text).toMatch(/تم تغيير كلمة مرور حسابك في Acme Works .*في .+ UTC\./);
    expect(mail!.html).toContain('<html lang="ar" dir="rtl"');
  });

  it('invites a person without an account in the agency’s default language', async () => {
    const email = uniqueEmail('invitee');
    const res = must(await call(t.app, 'POST', '/invitations', { token: owner.token, body: { email, role: 'teamlead' } }), 201, 'invite');
    const [mail] = await deliveredMails(t, email);
    expect(mail!.subject).toBe('Sie sind eingeladen, Acme Works beizutreten');
    expect(mail!.text).toContain('hat Sie eingeladen, Acme Works als Teamleitung beizutreten.');
    expect(mail!.text).toContain(`Legen Sie hier Ihr Konto an: ${res.body.link as string}`);
    expect(mail!.action).toEqual({ label: 'Konto anlegen', url: res.body.link });
    expect(tokenFromLink(res.body.link as string)).toBeTruthy();
  });
});

describe('an invoice’s e-mail in the reader’s language', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp({ BRAND_NAME: 'Acme Works' });
    world = await makeWorld(t.app);
  });
  afterAll(() => t.close());

  async function invoiceMail(client: World['client'], locale: 'de' | 'ar' | null) {
    if (locale) must(await call(t.app, 'PATCH', '/account', { token: client.token, body: { locale } }), 200, 'pick a language');
    const projectId = await approvedProject(t.app, world, { client });
    const invoice = await sentInvoice(t.app, world, projectId);
    const [mail] = await deliveredMails(t, client.user.email, 1, (m) => m.text.includes(invoice.invoice_no));
    return { mail: mail!, invoice };
  }

  it('keeps the British English announcement as it was for a reader who never chose', async () => {
    const client = await signupClient(t.app, { name: 'Erin English' });
    const { mail, invoice } = await invoiceMail(client, null);
    expect(mail.subject).toBe(`New invoice ${invoice.invoice_no} · Acme Works`);
    expect(mail.text).toContain(`Your invoice ${invoice.invoice_no} for "`);
    expect(mail.text).toMatch(/Amount due: £120\.00, by \d{2} [A-Z][a-z]{2} \d{4}\.\n\nYou can pay it by card from your client area\./);
    expect(mail.action?.label).toBe('Open it');
  });

  it('writes a German reader’s announcement in German, the amount and date in German', async () => {
    const { mail, invoice } = await invoiceMail(world.client, 'de');
    expect(mail.subject).toBe(`Neue Rechnung ${invoice.invoice_no} · Acme Works`);
    expect(mail.text).toContain('Guten Tag ');
    expect(mail.text).toContain(`Ihre Rechnung ${invoice.invoice_no} für „`);
    expect(mail.text).toMatch(/Fälliger Betrag: 120,00\s£, bis zum \d{2}\. \S+ \d{4}\./);
    expect(mail.text).toContain('Sie können sie in Ihrem Kundenbereich per Karte bezahlen.');
    expect(mail.action?.label).toBe('Öffnen');
    expect(mail.html).toContain('<html lang="de" dir="ltr"');
  });

  it('writes an Arabic reader’s announcement in Arabic, right to left', async () => {
    const { mail, invoice } = await invoiceMail(world.otherClient, 'ar');
    expect(mail.subject).toBe(`فاتورة جديدة ${invoice.invoice_no} · Acme Works`);
    expect(mail.text).toContain(`فاتورتك ${invoice.invoice_no} عن «`);
    expect(mail.text).toContain('المبلغ المستحق: ');
    expect(mail.text).not.toContain('Amount due');
    expect(mail.action?.label).toBe('افتحه');
    expect(mail.html).toContain('<html lang="ar" dir="rtl"');
  });
});
