import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n';
import english from '../locales/en-GB/validation.json';
import { ApiError, errorMessage } from './http';
import { validationText } from './validation-text';

afterEach(async () => {
  await setLocale('en-GB');
});

describe('validation and error messages in the reader language', () => {
  it('translates by the code where the server is generic and keeps a specific message no key matches', async () => {
    await setLocale('de');
    const generic = new ApiError({
      status: 403,
      code: 'FORBIDDEN',
      message: 'You do not have permission to do this',
      serverMessage: 'You do not have permission to do this',
    });
    expect(errorMessage(generic)).toBe('Dazu sind Sie nicht berechtigt');
    const specific = new ApiError({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Only staff can release a stage',
      serverMessage: 'Only staff can release a stage',
    });
    expect(errorMessage(specific)).toBe('Only staff can release a stage');
    const noAnswer = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Could not reach the server. Check your connection and try again.' });
    expect(errorMessage(noAnswer)).toBe('Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.');
    const proxy = new ApiError({ status: 502, code: 'INTERNAL', message: 'Request failed (502 Bad Gateway)' });
    expect(errorMessage(proxy)).toBe('Anfrage fehlgeschlagen (502 Bad Gateway)');
    expect(errorMessage(null)).toBe('Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.');

    await setLocale('en-GB');
    expect([generic, specific, noAnswer, proxy, null].map(errorMessage)).toEqual([
      'You do not have permission to do this',
      'Only staff can release a stage',
      'Could not reach the server. Check your connection and try again.',
      'Request failed (502 Bad Gateway)',
      'Something went wrong. Please try again.',
    ]);
  });

  it('reads messages with numbers and field names by their pattern; an unknown one stays as it is', async () => {
    await setLocale('ar');
    expect(validationText('At most 80 characters')).toBe('80 حرفًا على الأكثر');
    await setLocale('de');
    expect(validationText('At most 80 characters')).toBe('Höchstens 80 Zeichen');
    expect(validationText('Name must be at most 100 characters')).toBe('Name darf höchstens 100 Zeichen lang sein');
    expect(validationText('The stages add up to 100.5 % of the total; they must add up to 100 %')).toBe(
      'Die Etappen ergeben 100.5 % der Summe; sie müssen 100 % ergeben',
    );
    expect(validationText('stages.0.label: Each stage needs a label')).toBe('stages.0.label: Jede Etappe braucht eine Bezeichnung');
    // A field the catalogue does not name, and a message it does not know, show as they came.
    expect(validationText('q must be at most 200 characters')).toBe('q must be at most 200 characters');
    expect(validationText('Something only this screen says')).toBe('Something only this screen says');
  });

  it('answers every British English message exactly as it came, with the German lookup loaded', async () => {
    await setLocale('de');
    await setLocale('en-GB');
    const texts = [
      ...Object.values(english.messages),
      ...Object.values(english.codes),
      'Name must be at most 100 characters',
      'At most 80 characters',
    ];
    expect(texts.map(validationText)).toEqual(texts);
  });
});
