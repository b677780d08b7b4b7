import { formatDate } from '@agency/schema';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../lib/format';
import { browserLocale, i18n, LOCALE_STORAGE_KEY, rememberLocale, setLocale, startLocale } from './index';
import { pseudoText } from './pseudo';

afterEach(async () => {
  await setLocale('en-GB');
});

describe('the interface language', () => {
  it('starts in British English, SPEC’s texts, left to right', async () => {
    await setLocale('en-GB');
    expect(i18n.t('appBar.logout')).toBe('Logout');
    expect(document.documentElement.lang).toBe('en-GB');
    expect(document.documentElement.dir).toBe('ltr');
    expect(formatMoney(150050, 'GBP')).toBe('£1,500.50');
  });

  it('switches to German with its texts, numbers and dates', async () => {
    await setLocale('de');
    expect(i18n.t('appBar.logout')).toBe('Abmelden');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(formatMoney(150050, 'EUR')).toBe('1.500,50\u00a0€');
    expect(formatDate('2026-03-05')).toBe('05. März 2026');
  });

  it('writes dates in the new language already when the screens re-render for it', async () => {
    const seen: string[] = [];
    const onChange = () => seen.push(formatDate('2026-12-12'));
    i18n.on('languageChanged', onChange);
    try {
      await setLocale('de');
    } finally {
      i18n.off('languageChanged', onChange);
    }
    expect(seen).toEqual(['12. Dez. 2026']);
  });

  it('mirrors the page for Arabic', async () => {
    await setLocale('ar');
    expect(i18n.t('appBar.logout')).toBe('تسجيل الخروج');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('marks every catalogued text in the pseudo-language, keeping placeholders and tags', async () => {
    expect(pseudoText('Signed in as <strong>{{email}}</strong>')).toBe('⟦Šíĝñéð íñ áš <strong>{{email}}</strong>⟧');
    await setLocale('en-XA');
    expect(i18n.t('appBar.logout')).toBe('⟦Ĺóĝóúţ⟧');
    // Numbers and dates stay British English there.
    expect(document.documentElement.lang).toBe('en-GB');
  });

  it('starts in the language kept from the profile, else the browser’s', () => {
    rememberLocale('ar');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ar');
    expect(startLocale()).toBe('ar');
    rememberLocale(null);
    // jsdom's browser asks for en-US: British English is the nearest the interface has.
    expect(browserLocale()).toBe('en-GB');
    expect(startLocale()).toBe('en-GB');
  });
});
