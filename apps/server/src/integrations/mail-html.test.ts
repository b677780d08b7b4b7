import { describe, expect, it } from 'vitest';
import type { Brand } from './brand.js';
import fs from 'node:fs';
import { LOGO_CID, paragraphsHtml, renderMailHtml, splitAtAction } from './mail-html.js';
import { MAIL_LAYOUT_HTML } from './mail-layout.js';
import { compileMailLayout } from './mail-layout-source.js';

const brand: Brand = {
  agencyName: 'Brightline & Co',
  primaryColor: '#0F766E',
  contactEmail: 'hello@brightline.test',
  contactPhone: '+44 20 7946 0000',
  senderName: 'Brightline',
  senderEmail: 'mail@brightline.test',
  footerLinks: [{ label: 'Privacy', url: 'https://brightline.test/privacy' }],
  logo: null,
  stored: null,
};

const text = [
  'Hello <Ann>,',
  '',
  'Choose a new password here: https://app.test/reset-password?token=abc',
  '',
  'The link works once. Write to mailto:help@brightline.test.',
].join('\n');

describe('the HTML part of a mail', () => {
  it('shows the brand: name, colour on the header rule, button and links, contact lines and footer links', () => {
    const html = renderMailHtml({
      subject: 'Reset your password',
      text,
      action: { label: 'Choose a new password', url: 'https://app.test/reset-password?token=abc' },
      brand,
      withLogo: false,
    });
    expect(html).toContain('<title>Reset your password</title>');
    expect(html).toContain('Brightline &amp; Co');
    expect(html).toMatch(/border-top:6px solid #0f766e/);
    // The button: its link, label and the brand's colour.
    expect(html).toMatch(/bgcolor="#0f766e"/);
    expect(html).toContain('href="https://app.test/reset-password?token=abc"');
    expect(html).toMatch(/>\s*Choose a new password\s*<\/a>/);
    expect(html).toContain('<a href="mailto:hello@brightline.test"');
    expect(html).toContain('tel:+442079460000');
    expect(html).toContain('<a href="https://brightline.test/privacy" style="color:#0f766e">Privacy</a>');
    // The mail's own words are escaped, never markup, and no marker is left behind.
    expect(html).toContain('Hello &lt;Ann&gt;,');
    expect(html).not.toMatch(/%%[A-Z]+%%|#0a0b0c/i);
    expect(html).not.toContain(`cid:${LOGO_CID}`);
  });

  it('puts the logo in the header by its content id when it goes with the mail', () => {
    const html = renderMailHtml({ subject: 'Hi', text: 'Hello', brand, withLogo: true });
    expect(html).toContain(`<img src="cid:${LOGO_CID}" alt="Brightline &amp; Co"`);
    // Without a main link there is no button.
    expect(html).not.toContain('If the button does not work');
  });

  it('keeps a marker written in the mail as text', () => {
    const html = renderMailHtml({ subject: '%%FOOTER%%', text: 'Say %%HEADER%% and #0a0b0c', brand, withLogo: false });
    expect(html).toContain('Say %%HEADER%% and #0a0b0c');
    expect(html).toContain('<title>%%FOOTER%%</title>');
  });
});

describe('the text of a mail as HTML', () => {
  it('keeps paragraphs and lines, and makes addresses links without their full stop', () => {
    expect(paragraphsHtml('One\ntwo https://a.test/x.\n\nThree', '#123456')).toBe(
      '<p style="margin:0 0 16px">One<br>two <a href="https://a.test/x" style="color:#123456;word-break:break-all">https://a.test/x</a>.</p>' +
        '<p style="margin:0 0 16px">Three</p>',
    );
  });

  it('splits the text at the main link, keeping the words that lead to it', () => {
    expect(splitAtAction(text, 'https://app.test/reset-password?token=abc')).toEqual({
      before: 'Hello <Ann>,\n\nChoose a new password here:',
      after: '\nThe link works once. Write to mailto:help@brightline.test.',
    });
    expect(splitAtAction('No link', 'https://x.test')).toEqual({ before: 'No link', after: '' });
  });
});

describe('the compiled layout', () => {
  // Loading MJML takes seconds on a busy machine.
  it('is what MJML makes of mail-layout.mjml now (run npm run mail:layout after changing it)', { timeout: 60_000 }, async () => {
    const source = fs.readFileSync(new URL('./mail-layout.mjml', import.meta.url), 'utf8');
    expect(await compileMailLayout(source)).toBe(MAIL_LAYOUT_HTML);
  });
});
