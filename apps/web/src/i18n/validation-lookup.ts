// The lookup from a British English validation or error message to its key in the `validation` catalogue, and the
// text in the reader's language. lib/validation-text.ts loads it for a language other than British English; it lives
// here, outside lib/, so that the bundler leaves it out of the chunk every page loads. A message is found by its
// exact text, by a pattern with numbers and a field's name in it ("Name must be at most 100 characters"), or as the
// server's generic message for an error code; one no key matches is answered as it came.
import english from '../locales/en-GB/validation.json';
import { catalogue, i18n } from '.';

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
  generic: Map<string, string>;
  messages: Map<string, string>;
  codes: Map<string, string>;
  fields: Map<string, string>;
  patterns: Pattern[];
};

function indexOf() {
  return {
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

// Registering the bundle renders the fields that read it again (react-i18next binds the store's `added`).
catalogue('validation', english);
const index = indexOf();

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
  if (!fromServer) {
    if (code === 'NETWORK_ERROR' && message === english.generic.network) return translate('generic', 'network');
    if (code === 'BAD_RESPONSE' && message === english.generic.badResponse) return translate('generic', 'badResponse');
  } else if ((english.codes as Record<string, string>)[code] === message) {
    return translate('codes', code);
  }
  return validationText(message);
}
