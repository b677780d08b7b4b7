/**
 * The local provider's test cards, as in Stripe's test mode: 4242 4242 4242 4242 (and the other brands' success
 * numbers) pays; 4000 0000 0000 0002 is declined; any future expiry and any CVC.
 */
const SUCCEEDS = new Set([
  '4242424242424242',
  '4000002760003184',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '378282246310005',
  '6011111111111117',
]);
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined (lost card).',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
};

export type CardCheck = { ok: true } | { ok: false; error: string };

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks a test card the way a checkout would: number, expiry (MM/YY, this month or later), CVC, then the outcome. */
export function checkCard(card: { number: string; expiry: string; cvc: string }, now: Date): CardCheck {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) return { ok: false, error: 'Your card number is incorrect.' };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  if (!expiry) return { ok: false, error: 'Enter the expiry date as MM / YY.' };
  const month = Number(expiry[1]);
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) return { ok: false, error: "Your card's expiration month is invalid." };
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    return { ok: false, error: "Your card's expiration date is in the past." };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { ok: false, error: "Your card's security code is incomplete." };
  const declined = DECLINES[digits];
  if (declined) return { ok: false, error: declined };
  if (!SUCCEEDS.has(digits))
    return { ok: false, error: 'Your card was declined. This is a test checkout: use a test card such as 4242 4242 4242 4242.' };
  return { ok: true };
}

/** Off-session behaviour of the test cards a setup page saves (Stripe's test mode): the rest of SUCCEEDS charge fine. */
const SAVED_OUTCOMES: Record<string, 'auth' | 'funds'> = {
  '4000002760003184': 'auth',
  '4000000000009995': 'funds',
};

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (digits.startsWith('6011')) return 'discover';
  return 'unknown';
}

export type SetupCardCheck =
  { ok: true; outcome: 'ok' | 'auth' | 'funds'; brand: string; last4: string; expMonth: number; expYear: number } | { ok: false; error: string };

/**
 * Checks a test card on the local setup page: what pays on the checkout is saved, and so are the cards whose
 * trouble shows only when charged later (4000 0027 6000 3184 asks for authentication, 4000 0000 0000 9995 has
 * insufficient funds). Only brand, last four and expiry leave this function.
 */
export function checkSetupCard(card: { number: string; expiry: string; cvc: string }, now: Date): SetupCardCheck {
  const digits = card.number.replace(/[\s-]/g, '');
  const later = SAVED_OUTCOMES[digits];
  const verdict = checkCard(later ? { ...card, number: '4242424242424242' } : card, now);
  if (!verdict.ok) return verdict;
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry)!;
  const expYear = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  return { ok: true, outcome: later ?? 'ok', brand: brandOf(digits), last4: digits.slice(-4), expMonth: Number(expiry[1]), expYear };
}
