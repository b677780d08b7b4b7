// The language of an e-mail: its recipient's (users.locale), else the agency's default (DEFAULT_LOCALE). Senders
// write their words with mailT(locale) from the `mail` catalogue and name the language on the MailMessage, so that
// the HTML layout around the words (decision 0025) speaks it too.
import { formatFullDateTime, type DateInput, type Locale } from '@agency/schema';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { users } from '../db/schema.js';
import { readerLocale, translator } from '../i18n/index.js';

/** The `mail` catalogue in one language: `mailT(locale)('passwordReset.subject', { brand })`. */
export function mailT(locale: Locale) {
  return translator(locale, 'mail');
}

/** A moment in a mail, in UTC and saying so, written in the reader's language: "05 Mar 2025, 14:07 UTC" in en-GB. */
export function mailDateTime(value: DateInput, locale: Locale): string {
  return `${formatFullDateTime(value, { timeZone: 'UTC', locale })} UTC`;
}

/** An address as users.email_normalized keeps it (auth's normalizeEmail). */
const normalized = (address: string) => address.trim().toLowerCase();

/**
 * The language of each address in one query: an address with an account reads its owner's choice, any other (a
 * company's billing address, an invitation) the agency's default. `of(address)` answers for any address.
 */
export async function recipientLocales(db: DbOrTx, addresses: readonly string[], agencyDefault: Locale) {
  const wanted = [...new Set(addresses.map(normalized))];
  const rows = wanted.length
    ? await db.select({ email: users.emailNormalized, locale: users.locale }).from(users).where(inArray(users.emailNormalized, wanted))
    : [];
  const byAddress = new Map(rows.map((r) => [r.email, r.locale]));
  return { of: (address: string): Locale => readerLocale(byAddress.get(normalized(address)), agencyDefault) };
}
