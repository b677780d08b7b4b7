// Validation and error messages in the reader's language. The shared schemas (packages/schema), the light field checks
// (field-checks.ts) and the server write their messages in British English, the text SPEC and the API's clients
// read; the web app turns each into a key of the `validation` catalogue where its texts reach the screen (the form
// fields, usePlainForm, errorMessage). A message is found by its exact English text, or by a pattern with numbers
// and a field's name in it ("Name must be at most 100 characters"); a message the catalogue does not know is shown
// as it came.
import { DATE_LOCALE } from '@agency/schema';
import { useTranslation } from 'react-i18next';
import type english from '../locales/en-GB/validation.json';
import { beforeLocaleSwitch, catalogue, i18n } from '../i18n';

type Catalogue = typeof english;
type Section = 'generic' | 'codes' | 'messages' | 'patterns' | 'fields';
type Values = Record<string, string | number>;

const translate = (section: Section, key: string, values?: Values): string =>
  i18n.t(`validation:${section}.${key}` as 'validation:generic.network', values ?? {});

// Placeholders in a pattern: `field` is a field's English name (translated through `fields`), `status` the HTTP
// status with its reason phrase, any other one a number (written back as it came, so 100.5 stays 100.5).
const NUMBER = '(-?\\d+(?:\\.\\d+)?)';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Pattern = { section: 'patterns' | 'generic'; key: string; regex: RegExp; names: string[] };

function compile(section: Pattern['section'], key: string, template: string): Pattern {
  const names: string[] = [];
  const source = template
    .split(/(\{\{\s*\w+\s*\}\})/)
    .map((part) => {
      const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return name === 'field' ? '(.+?)' : name === 'status' ? '(.+)' : NUMBER;
    })
    .join('');
  return { section, key, regex: new RegExp(`^${source}$`), names };
}

/** English text -> key, for each section looked up by text. */
const byText = (section: Record<string, string>) => new Map(Object.entries(section).map(([key, text]) => [text, key]));

type Index = {
  english: Catalogue;
  generic: Map<string, string>;
  messages: Map<string, string>;
  codes: Map<string, string>;
  fields: Map<string, string>;
  patterns: Pattern[];
};

function indexOf(english: Catalogue): Index {
  return {
    english,
    generic: byText(english.generic),
    messages: byText(english.messages),
    codes: byText(english.codes),
    fields: byText(english.fields),
    patterns: [
      ...Object.entries(english.patterns).map(([key, template]) => compile('patterns', key, template)),
      compile('generic', 'requestFailed', english.generic.requestFailed),
    ],
  };
}

// The messages are British English already: the English catalogue (the lookup from a text to its key) is needed only
// for another language, and loads before the first switch to one, so the light public pages do not carry it.
let index: Index | null = null;
let loading: Promise<void> | null = null;
function loadLookup(): Promise<void> {
  loading ??= import('../locales/en-GB/validation.json').then(({ default: english }) => {
    index = indexOf(english);
    // Registering the bundle renders the fields that read it again (react-i18next binds the store's `added`).
    catalogue('validation', english);
  });
  return loading;
}
if (i18n.language !== DATE_LOCALE) void loadLookup();
beforeLocaleSwitch((locale) => (locale === DATE_LOCALE ? Promise.resolve() : loadLookup()));

function fromPattern(lookup: Index, message: string): string | null {
  for (const pattern of lookup.patterns) {
    const match = pattern.regex.exec(message);
    if (!match) continue;
    const values: Values = {};
    let known = true;
    pattern.names.forEach((name, i) => {
      const value = match[i + 1]!;
      if (name !== 'field') values[name] = value;
      else {
        const field = lookup.fields.get(value);
        if (field) values.field = translate('fields', field);
        else known = false;
      }
    });
    if (known) return translate(pattern.section, pattern.key, values);
  }
  return null;
}

// The server names the field a request's schema refused before its message: `lines.0.description: ...`.
const FIELD_PATH = /^([A-Za-z_][\w]*(?:\.[\w]+)*): (.+)$/s;

/**
 * A validation message in the reader's language: the catalogue's text for its exact English words or their pattern,
 * else the message as it came.
 */
export function validationText(message: string): string {
  const lookup = index;
  if (!lookup) return message;
  const key = lookup.messages.get(message);
  if (key) return translate('messages', key);
  const patterned = fromPattern(lookup, message);
  if (patterned !== null) return patterned;
  const generic = lookup.generic.get(message);
  if (generic) return translate('generic', generic);
  const code = lookup.codes.get(message);
  if (code) return translate('codes', code);
  const path = FIELD_PATH.exec(message);
  if (path) {
    const rest = validationText(path[2]!);
    if (rest !== path[2]) return `${path[1]}: ${rest}`;
  }
  return message;
}

/**
 * A failed call's message in the reader's language. A message written in the web app for a failure without an
 * answer (no connection, an unreadable answer) is read by its code; the server's generic message for a code (its
 * default text) by that code; a specific message through the validation catalogue, else as the server wrote it.
 */
export function apiErrorText(code: string, message: string, fromServer: boolean): string {
  const english = index?.english;
  if (!english) return message;
  if (!fromServer) {
    if (code === 'NETWORK_ERROR' && message === english.generic.network) return translate('generic', 'network');
    if (code === 'BAD_RESPONSE' && message === english.generic.badResponse) return translate('generic', 'badResponse');
  } else if ((english.codes as Record<string, string>)[code] === message) {
    return translate('codes', code);
  }
  return validationText(message);
}

/**
 * For form fields: `text(message)` gives a validation message in the reader's language; a component reading it
 * renders again when the language changes.
 */
export function useValidationText(): (message: string) => string {
  useTranslation('validation');
  return validationText;
}
