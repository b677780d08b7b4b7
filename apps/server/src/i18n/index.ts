// The server's words in the reader's language: e-mails and PDFs are written in the language of the person they are
// for (their profile's, else the agency's DEFAULT_LOCALE). The catalogues are JSON files under src/locales/<language>/
// <area>.json, checked against British English by scripts/check-catalogues.mjs like the web app's; plurals follow
// CLDR's categories through Intl.PluralRules (`key_one`, `key_other`; Arabic also `_zero`, `_two`, `_few`, `_many`).
import { DATE_LOCALE, LOCALES, RTL_LOCALES, matchLocale, type Locale } from '@agency/schema';
import i18next, { type TFunction } from 'i18next';
import { catalogues } from './catalogues.js';

const instance = i18next.createInstance();
void instance.init({
  lng: DATE_LOCALE,
  fallbackLng: DATE_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  resources: catalogues,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export type Namespace = keyof (typeof catalogues)[typeof DATE_LOCALE];

/** The texts of one area in one language: `t('subject', { name })`. An unknown language reads British English. */
export function translator(locale: Locale | null | undefined, namespace: Namespace): TFunction {
  return instance.getFixedT(matchLocale(locale) ?? DATE_LOCALE, namespace);
}

/** The language a person reads: their own choice, else the agency's default. */
export function readerLocale(own: string | null | undefined, agencyDefault: Locale): Locale {
  return matchLocale(own) ?? agencyDefault;
}

export function isRtl(locale: Locale): boolean {
  return RTL_LOCALES.includes(locale);
}
