// The interface's languages. Every text a screen shows comes from a message catalogue: one JSON file per area and
// language under src/locales/<language>/<area>.json. British English (SPEC's texts) is built into each area's own
// chunk, so a screen never waits for its words; German and Arabic are one file each, loaded before the app switches
// to them. Plurals follow CLDR's rules through Intl.PluralRules (`key_one`, `key_other`; Arabic also `_zero`,
// `_two`, `_few`, `_many`), the categories ICU's plural selection uses.
import { DATE_LOCALE, LOCALES, RTL_LOCALES, matchLocale, setDateLocale, type Locale } from '@agency/schema';
import type { EmotionCache } from '@emotion/cache';
import i18next, { type Namespace, type Resource } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import common from '../locales/en-GB/common.json';
import { pseudoBundle, PSEUDO_LOCALE } from './pseudo';

/** The language an interface can be shown in: one of LOCALES, or the pseudo-language the catalogue check reads. */
export type UiLocale = Locale | typeof PSEUDO_LOCALE;

/** Where the browser keeps the person's language between page loads, so the first paint is already in it. */
export const LOCALE_STORAGE_KEY = 'agency.locale';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DATE_LOCALE,
  fallbackLng: DATE_LOCALE,
  supportedLngs: [...LOCALES, PSEUDO_LOCALE],
  // Keys are exact (`en-GB`, `de`, `ar`): no "en" fallback step between a language and British English.
  load: 'currentOnly',
  defaultNS: 'common',
  ns: ['common'],
  // The shell's own texts (app bar, lists, dialogs), on every screen.
  resources: { [DATE_LOCALE]: { common } },
  partialBundledLanguages: true,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false, bindI18nStore: 'added' },
});

/**
 * Adds an area's British English texts (built into that area's chunk) and, when the pseudo-language is on, their
 * pseudo form. Answers the hook the area's screens read them with.
 */
export function catalogue<N extends Namespace & string>(namespace: N, english: Resource[string][string]) {
  if (!i18n.hasResourceBundle(DATE_LOCALE, namespace)) {
    i18n.addResourceBundle(DATE_LOCALE, namespace, english, true, false);
    if (i18n.language === PSEUDO_LOCALE) i18n.addResourceBundle(PSEUDO_LOCALE, namespace, pseudoBundle(english), true, false);
  }
  return () => useTranslation(namespace);
}

/** The shell's texts (app bar, lists, dialogs, roles, languages). */
export const useCommonT = () => useTranslation('common');

type Pack = Record<string, Resource[string][string]>;
// One chunk per language with every area's texts in it: one request before the switch.
const packs: Record<Exclude<Locale, 'en-GB'>, () => Promise<{ default: Pack }>> = {
  de: () => import('../locales/packs/de'),
  ar: () => import('../locales/packs/ar'),
};

/** The language the interface is shown in now. */
export function currentLocale(): UiLocale {
  return i18n.language as UiLocale;
}

/** The language numbers, money and dates are written in (the pseudo-language writes them as British English). */
export function formatLocale(): Locale {
  const language = currentLocale();
  return language === PSEUDO_LOCALE ? DATE_LOCALE : language;
}

export function isRtl(locale: string = currentLocale()): boolean {
  return (RTL_LOCALES as readonly string[]).includes(locale);
}

function applyToDocument(locale: UiLocale) {
  setDateLocale(locale === PSEUDO_LOCALE ? DATE_LOCALE : locale);
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale === PSEUDO_LOCALE ? DATE_LOCALE : locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

const loaded = new Set<UiLocale>([DATE_LOCALE]);
let mirroredStyles: EmotionCache | null = null;

/** The style cache that mirrors MUI for a right-to-left language, once one has been loaded (null before). */
export function rtlCache(): EmotionCache | null {
  return mirroredStyles;
}
let switching: Promise<void> = Promise.resolve();

type SwitchTask = (locale: UiLocale) => Promise<void>;
const beforeSwitch: SwitchTask[] = [];

/** Runs `task` (loading what a language needs besides its texts) before the interface switches to a language. */
export function beforeLocaleSwitch(task: SwitchTask): void {
  beforeSwitch.push(task);
}

/**
 * Shows the interface in `locale`: loads its texts first (and, for a right-to-left language, the style plugin that
 * mirrors the layout), then switches, so no screen shows half one language and half another. Calls made while one
 * switch runs wait for it; the last one wins.
 */
export function setLocale(locale: UiLocale): Promise<void> {
  switching = switching.then(async () => {
    await Promise.all(beforeSwitch.map((task) => task(locale)));
    if (!loaded.has(locale)) {
      if (locale === PSEUDO_LOCALE) {
        const english = i18n.store.data[DATE_LOCALE] ?? {};
        for (const [namespace, bundle] of Object.entries(english)) {
          i18n.addResourceBundle(PSEUDO_LOCALE, namespace, pseudoBundle(bundle as Resource[string][string]), true, false);
        }
      } else if (locale !== DATE_LOCALE) {
        const pack = (await packs[locale]()).default;
        for (const [namespace, bundle] of Object.entries(pack)) i18n.addResourceBundle(locale, namespace, bundle, true, true);
      }
      loaded.add(locale);
    }
    if (isRtl(locale)) mirroredStyles ??= (await import('./rtl-cache')).createRtlCache();
    // Dates first: the screens re-render as soon as the language changes, and must not write dates in the old one.
    setDateLocale(locale === PSEUDO_LOCALE ? DATE_LOCALE : locale);
    if (i18n.language !== locale) await i18n.changeLanguage(locale);
    applyToDocument(locale);
  });
  return switching;
}

/** A language name the browser or a profile gave, if the interface has it. */
export function supportedLocale(tag: string | null | undefined): UiLocale | null {
  if (tag === PSEUDO_LOCALE) return PSEUDO_LOCALE;
  return matchLocale(tag);
}

/** The first language of the browser's list the interface has, or null. */
export function browserLocale(): Locale | null {
  const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of tags) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return null;
}

/**
 * The language to start in before anything is fetched: the one kept from the person's profile, else the browser's.
 * Null when neither names one of LOCALES (the agency's default applies once the public config has loaded).
 */
export function startLocale(): UiLocale | null {
  return supportedLocale(keptLocale()) ?? browserLocale();
}

function keptLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps (or forgets, with null) the person's language for the next page load. */
export function rememberLocale(locale: UiLocale | null): void {
  try {
    if (locale) localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    else localStorage.removeItem(LOCALE_STORAGE_KEY);
  } catch {
    // Private browsing without storage: the profile's language still applies after sign-in.
  }
}

export { PSEUDO_LOCALE };
