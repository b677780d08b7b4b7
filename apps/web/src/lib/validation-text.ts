// Validation and error messages in the reader's language. The shared schemas (packages/schema), the light field checks
// (field-checks.ts) and the server write their messages in British English, the text SPEC and the API's clients
// read; the web app turns each into the reader's language where its texts reach the screen (the form fields,
// usePlainForm, errorMessage) through the `validation` catalogue (i18n/validation-lookup.ts). A message the catalogue does
// not know is shown as it came.
import { DATE_LOCALE } from '@agency/schema';
import { useTranslation } from 'react-i18next';
import { beforeLocaleSwitch, i18n } from '../i18n';
import type * as lookupModule from '../i18n/validation-lookup';

type Lookup = typeof lookupModule;

// The messages are British English already: the lookup (with the English catalogue it reads) is needed only for
// another language, and loads before the first switch to one, so the light public pages do not carry it.
let lookup: Lookup | null = null;
let loading: Promise<void> | null = null;
function load(): Promise<void> {
  loading ??= import('../i18n/validation-lookup').then((module) => {
    lookup = module;
  });
  return loading;
}
if (i18n.language !== DATE_LOCALE) void load();
beforeLocaleSwitch((locale) => (locale === DATE_LOCALE ? Promise.resolve() : load()));

/** A validation message in the reader's language; as it came when the catalogue does not know it. */
export function validationText(message: string): string {
  return lookup ? lookup.validationText(message) : message;
}

/**
 * A failed call's message in the reader's language: a failure without an answer and the server's generic message
 * for a code by that code, a specific message through the catalogue, else as the server wrote it.
 */
export function apiErrorText(code: string, message: string, fromServer: boolean): string {
  return lookup ? lookup.apiErrorText(code, message, fromServer) : message;
}

/**
 * For form fields: `text(message)` gives a validation message in the reader's language; a component reading it
 * renders again when the language changes.
 */
export function useValidationText(): (message: string) => string {
  useTranslation('validation');
  return validationText;
}
