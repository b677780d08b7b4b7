// The invoice a client last went to pay, kept for the tab: the provider's cancel page address carries no invoice,
// so "back to the invoice" reads it from here.
const KEY = 'lastCheckoutInvoice';

export function rememberCheckout(invoiceId: string): void {
  try {
    sessionStorage.setItem(KEY, invoiceId);
  } catch {
    // Storage may be off (private mode): the cancel page then links to the list.
  }
}

export function lastCheckout(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
