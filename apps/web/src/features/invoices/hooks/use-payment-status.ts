import { PAYMENT_SUCCESS_POLL_LIMIT_MS, PAYMENT_SUCCESS_POLL_MS, type Invoice } from '@agency/schema';
import { useEffect, useRef, useState } from 'react';
import { hasErrorCode } from '../../../lib/http';
import { getInvoice } from '../api/fetch-invoice';

export type PaymentStatus =
  | { state: 'loading' }
  | { state: 'received'; invoice: Invoice }
  | { state: 'processing'; invoice: Invoice; isSlow: boolean }
  | { state: 'unknown' }
  | { state: 'error'; error: unknown; retry: () => void };

type Answer = { invoice: Invoice; error?: undefined } | { invoice?: undefined; error: unknown };

/**
 * Whether the provider's event for this invoice has arrived: the invoice is asked for every two seconds until it
 * is paid, for at most thirty seconds; after that it is "slow" (the receipt will come by e-mail). The redirect
 * itself proves nothing: only the server's status says the payment was received. Plain fetches: the page is one of
 * the light public pages.
 */
export function usePaymentStatus(invoiceNo: string): PaymentStatus {
  const [isSlow, setIsSlow] = useState(false);
  const isSlowRef = useRef(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => {
      isSlowRef.current = true;
      setIsSlow(true);
    }, PAYMENT_SUCCESS_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [invoiceNo]);

  useEffect(() => {
    let isCurrent = true;
    let next: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      getInvoice(invoiceNo).then(
        ({ invoice }) => {
          if (!isCurrent) return;
          setAnswer({ invoice });
          if (invoice.status !== 'paid' && !isSlowRef.current) next = setTimeout(ask, PAYMENT_SUCCESS_POLL_MS);
        },
        (error: unknown) => {
          if (isCurrent) setAnswer({ error });
        },
      );
    };
    ask();
    return () => {
      isCurrent = false;
      clearTimeout(next);
    };
  }, [invoiceNo, attempt]);

  if (answer === null) return { state: 'loading' };
  if (answer.invoice === undefined) {
    if (hasErrorCode(answer.error, 'NOT_FOUND', 'VALIDATION_FAILED')) return { state: 'unknown' };
    return { state: 'error', error: answer.error, retry: () => setAttempt((count) => count + 1) };
  }
  const { invoice } = answer;
  return invoice.status === 'paid' ? { state: 'received', invoice } : { state: 'processing', invoice, isSlow };
}
