import { CURRENCY_DECIMALS, DATE_LOCALE, type Currency } from '@agency/schema';

/**
 * The local provider's hosted test checkout: a plain server-rendered page (no script, works offline, fits a
 * 390 px phone), styled after a card checkout. The form posts back to this server, which checks the test card
 * and, for a good one, delivers a signed event to fulfilment.
 */
export type CheckoutPageModel = {
  brand: string;
  invoiceNo: string;
  amount: number;
  currency: Currency;
  state: 'open' | 'complete' | 'expired';
  cancelUrl: string;
  successUrl: string;
  action: string;
  error?: string;
  values?: { number?: string; expiry?: string; cvc?: string; name?: string };
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function money(minor: number, currency: Currency): string {
  return new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency }).format(minor / 10 ** CURRENCY_DECIMALS[currency]);
}

export const CHECKOUT_STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fb}
main{max-width:440px;margin:0 auto;padding:24px 16px 40px}
.brand{font-weight:700;font-size:15px;color:#425466;margin:0 0 4px}.amount{font-size:32px;font-weight:700;margin:0}
.for{color:#425466;margin:2px 0 20px}.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:20px}
.test{background:#fff4e5;color:#8a4b00;border-radius:8px;padding:10px 12px;font-size:14px;margin:0 0 16px}
label{display:block;font-size:14px;font-weight:600;margin:0 0 6px}input{width:100%;font:inherit;padding:12px;border:1px solid #c9d1dc;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:3px solid #9cc3ff;border-color:#3a7bd5}.field{margin:0 0 14px}.row{display:flex;gap:12px}.row .field{flex:1}
.error{background:#fdecea;color:#8c1d18;border-radius:8px;padding:10px 12px;margin:0 0 16px}
button{width:100%;font:inherit;font-weight:700;padding:14px;border:0;border-radius:8px;background:#1e5bb8;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #9cc3ff;outline-offset:2px}.cancel{display:block;text-align:center;margin-top:16px;color:#1e5bb8}
`;

function page(model: CheckoutPageModel, body: string): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<meta name="robots" content="noindex"><title>Pay ${escapeHtml(model.invoiceNo)} · ${escapeHtml(model.brand)}</title><style>${CHECKOUT_STYLE}</style></head>
<body><main>
<p class="brand">${escapeHtml(model.brand)}</p>
<p class="amount" data-testid="checkout-amount">${escapeHtml(money(model.amount, model.currency))}</p>
<p class="for">Invoice ${escapeHtml(model.invoiceNo)}</p>
${body}
</main></body></html>`;
}

export function renderCheckoutPage(model: CheckoutPageModel): string {
  if (model.state === 'complete') {
    return page(
      model,
      `<div class="card"><p>This invoice has been paid through this page.</p><a class="cancel" href="${escapeHtml(model.successUrl)}">See the payment</a></div>`,
    );
  }
  if (model.state === 'expired') {
    return page(
      model,
      `<div class="card"><p>This checkout page has expired.</p><a class="cancel" href="${escapeHtml(model.cancelUrl)}">Back to the invoice</a></div>`,
    );
  }
  const v = model.values ?? {};
  const value = (s: string | undefined) => (s ? ` value="${escapeHtml(s)}"` : '');
  return page(
    model,
    `<form class="card" method="post" action="${escapeHtml(model.action)}" data-testid="local-checkout-form" novalidate>
<p class="test" role="note" data-testid="test-mode-banner"><strong>Test mode: no money moves.</strong> No real card is charged. Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline; any future expiry and any CVC.</p>
${model.error ? `<p class="error" role="alert" data-testid="checkout-error">${escapeHtml(model.error)}</p>` : ''}
<div class="field"><label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required${value(v.number)}${model.error ? ' autofocus' : ''}></div>
<div class="row"><div class="field"><label for="expiry">Expiry</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required${value(v.expiry)}></div>
<div class="field"><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>
<div class="field"><label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name"${value(v.name)}></div>
<button type="submit" data-testid="checkout-pay">Pay ${escapeHtml(money(model.amount, model.currency))}</button>
<a class="cancel" href="${escapeHtml(model.cancelUrl)}" data-testid="checkout-cancel">Cancel and go back</a>
</form>`,
  );
}

export function renderCheckoutMissing(): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Checkout not found</title><style>${CHECKOUT_STYLE}</style></head>
<body><main><div class="card"><p>This checkout page does not exist. Go back to your invoice and press Pay again.</p></div></main></body></html>`;
}
