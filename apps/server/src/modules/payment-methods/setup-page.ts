import { CHECKOUT_STYLE, escapeHtml } from '../payments/checkout-page.js';

/**
 * The local provider's page that saves a card (PAYMENT_PROVIDER=local): the checkout's plain server-rendered form,
 * fitting a 390 px phone, with the same test cards. Only brand, last four and expiry are kept of what is typed.
 */
export type SetupPageModel = {
  brand: string;
  companyName: string;
  state: 'open' | 'complete' | 'expired';
  successUrl: string;
  cancelUrl: string;
  action: string;
  error?: string;
  values?: { number?: string; expiry?: string; name?: string };
};

function page(model: SetupPageModel, body: string): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<meta name="robots" content="noindex"><title>Save a card · ${escapeHtml(model.brand)}</title><style>${CHECKOUT_STYLE}</style></head>
<body><main>
<p class="brand">${escapeHtml(model.brand)}</p>
<p class="amount">Save a card</p>
<p class="for">For automatic payments by ${escapeHtml(model.companyName)}</p>
${body}
</main></body></html>`;
}

export function renderSetupPage(model: SetupPageModel): string {
  if (model.state === 'complete') {
    return page(
      model,
      `<div class="card"><p>The card has been saved.</p><a class="cancel" href="${escapeHtml(model.successUrl)}">Back to billing</a></div>`,
    );
  }
  if (model.state === 'expired') {
    return page(
      model,
      `<div class="card"><p>This page has expired.</p><a class="cancel" href="${escapeHtml(model.cancelUrl)}">Back to billing</a></div>`,
    );
  }
  const v = model.values ?? {};
  const value = (s: string | undefined) => (s ? ` value="${escapeHtml(s)}"` : '');
  return page(
    model,
    `<form class="card" method="post" action="${escapeHtml(model.action)}" data-testid="local-setup-form" novalidate>
<p class="test" role="note" data-testid="test-mode-banner"><strong>Test mode: no money moves.</strong> No real card is saved. Use 4242 4242 4242 4242 for a card that pays, 4000 0027 6000 3184 for one that asks the bank to confirm, 4000 0000 0000 9995 for one with insufficient funds; any future expiry and any CVC.</p>
${model.error ? `<p class="error" role="alert" data-testid="setup-error">${escapeHtml(model.error)}</p>` : ''}
<div class="field"><label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required${value(v.number)}${model.error ? ' autofocus' : ''}></div>
<div class="row"><div class="field"><label for="expiry">Expiry</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required${value(v.expiry)}></div>
<div class="field"><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>
<div class="field"><label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name"${value(v.name)}></div>
<button type="submit" data-testid="setup-save">Save card</button>
<a class="cancel" href="${escapeHtml(model.cancelUrl)}" data-testid="setup-cancel">Cancel and go back</a>
</form>`,
  );
}
