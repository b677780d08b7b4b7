import { describe, expect, it } from 'vitest';
import { checkCard, checkSetupCard } from './test-cards.js';

const now = new Date('2026-05-15T12:00:00Z');
const card = (number: string, expiry = '12/30', cvc = '123') => checkCard({ number, expiry, cvc }, now);

describe('local test checkout cards', () => {
  it('4242 4242 4242 4242 pays with any future expiry and any CVC', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true });
    expect(card('4242424242424242', '05/26', '9999')).toEqual({ ok: true });
  });

  it('4000 0000 0000 0002 is declined', () => {
    expect(card('4000 0000 0000 0002')).toEqual({ ok: false, error: 'Your card was declined.' });
  });

  it('refuses a mistyped number, a past expiry and a missing CVC', () => {
    expect(card('4242 4242 4242 4241')).toMatchObject({ ok: false, error: 'Your card number is incorrect.' });
    expect(card('4242424242424242', '04/26')).toMatchObject({ ok: false, error: "Your card's expiration date is in the past." });
    expect(card('4242424242424242', '13/30')).toMatchObject({ ok: false });
    expect(card('4242424242424242', '12/30', '1')).toMatchObject({ ok: false, error: "Your card's security code is incomplete." });
  });

  it('declines other valid numbers, as a test mode does', () => {
    expect(card('4111 1111 1111 1111')).toMatchObject({ ok: false });
  });
});

describe('local setup page cards', () => {
  const setup = (number: string, expiry = '12/30') => checkSetupCard({ number, expiry, cvc: '123' }, now);

  it('saves a paying card with only its brand, last four and expiry', () => {
    expect(setup('4242 4242 4242 4242')).toEqual({ ok: true, outcome: 'ok', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(setup('5555 5555 5555 4444', '03/2031')).toMatchObject({ ok: true, brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2031 });
  });

  it('saves the cards whose trouble shows when charged later', () => {
    expect(setup('4000 0027 6000 3184')).toMatchObject({ ok: true, outcome: 'auth', last4: '3184' });
    expect(setup('4000 0000 0000 9995')).toMatchObject({ ok: true, outcome: 'funds', last4: '9995' });
  });

  it('refuses a declined card, a mistyped number and a past expiry', () => {
    expect(setup('4000 0000 0000 0002')).toEqual({ ok: false, error: 'Your card was declined.' });
    expect(setup('4242 4242 4242 4241')).toMatchObject({ ok: false });
    expect(setup('4000 0000 0000 9995', '01/26')).toMatchObject({ ok: false, error: "Your card's expiration date is in the past." });
  });
});
