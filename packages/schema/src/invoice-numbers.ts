// Invoice numbers and the payment pages' timing, without zod: the light payment pages read them without loading the
// validation library.

export const INVOICE_NO = /^INV-(\d{4})-(\d{4,})$/;

/** `INV-<year>-<at least four digits>`, sequential per year: INV-2026-0001, ... INV-2026-12345. */
export function formatInvoiceNo(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`year out of range: ${year}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`sequence out of range: ${sequence}`);
  return `INV-${year}-${String(sequence).padStart(4, '0')}`;
}

export function parseInvoiceNo(value: string): { year: number; sequence: number } | null {
  const match = INVOICE_NO.exec(value);
  if (!match) return null;
  const sequence = Number(match[2]);
  if (!Number.isSafeInteger(sequence) || sequence < 1) return null;
  return { year: Number(match[1]), sequence };
}

/** The success page asks this often whether the provider's event has arrived, for at most PAYMENT_SUCCESS_POLL_LIMIT_MS. */
export const PAYMENT_SUCCESS_POLL_MS = 2000;
export const PAYMENT_SUCCESS_POLL_LIMIT_MS = 30_000;
