import { PAYMENT_SUCCESS_POLL_LIMIT_MS, PAYMENT_SUCCESS_POLL_MS, type Invoice } from '@agency/schema';
import { useEffect, useState } from 'react';
import { hasErrorCode } from '../../../lib/http';
import { useInvoice } from '../api/get-invoice';

export type PaymentStatus =
  | { state: 'loading' }
  | { state: 'received'; invoice: Invoice }
  | { state: 'processing'; invoice: Invoice; isSlow: boolean }
  | { state: 'unknown' }
  | { state: 'error'; error: unknown; retry: () => void };

/**
 * Whether the provider's event for this invoice has arrived: the invoice is asked for every two seconds until it
 * is paid, for at most thirty seconds; after that it is "slow" (the receipt will come by e-mail). The redirect
 * itself proves nothing: only the server's status says the payment was received.
 */
export function usePaymentStatus(invoiceNo: string): PaymentStatus {
  const [isSlow, setIsSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsSlow(true), PAYMENT_SUCCESS_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [invoiceNo]);
  const query = useInvoice(invoiceNo, {
    refetchInterval: (q) => (isSlow || q.state.data?.invoice.status === 'paid' ? false : PAYMENT_SUCCESS_POLL_MS),
  });
  if (query.isPending) return { state: 'loading' };
  if (query.isError) {
    if (hasErrorCode(query.error, 'NOT_FOUND', 'VALIDATION_FAILED')) return { state: 'unknown' };
    return { state: 'error', error: query.error, retry: () => void query.refetch() };
  }
  return query.data.status === 'paid' ? { state: 'received', invoice: query.data } : { state: 'processing', invoice: query.data, isSlow };
}
