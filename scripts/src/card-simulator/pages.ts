// The simulator's browser pages: the provider's hosted card form (the only place a card number is typed) and
// the issuer's 3-D Secure challenge. Plain HTML forms without script, bilingual like the BankID simulator.

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
label{display:block;margin:.6rem 0}input{font-size:1rem;padding:.4rem;width:100%;box-sizing:border-box}
.row{display:flex;gap:.6rem}button{font-size:1rem;padding:.6rem 1.2rem;margin:.6rem .3rem 0 0}
.error{color:#b00020}</style></head>
<body><h1>${escapeHtml(title)}</h1><p><em>Simulator för utveckling och test / simulator for development and tests</em></p>${body}</body></html>`;
}

export function renderCardFormPage(input: { returnUrl: string; cancelUrl: string; error?: string }): string {
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return page(
    'Kortuppgifter / Card details',
    `${error}<form method="post" action="/hosted/card">
<input type="hidden" name="return_url" value="${escapeHtml(input.returnUrl)}">
<input type="hidden" name="cancel_url" value="${escapeHtml(input.cancelUrl)}">
<label>Kortnummer / Card number<input name="number" inputmode="numeric" autocomplete="cc-number" required data-testid="card-number"></label>
<div class="row"><label>Giltig till / Expiry (MM/ÅÅ)<input name="expiry" placeholder="12/34" autocomplete="cc-exp" required data-testid="card-expiry"></label>
<label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required data-testid="card-cvc"></label></div>
<button type="submit" data-testid="card-submit">Spara kort / Save card</button>
<a href="${escapeHtml(input.cancelUrl)}">Avbryt / Cancel</a></form>`,
  );
}

export function renderChallengePage(input: { intentId: string; amount: string; pending: boolean }): string {
  if (!input.pending)
    return page('3-D Secure', '<p>Ingen pågående verifiering / nothing to authenticate.</p>');
  return page(
    '3-D Secure',
    `<p>Godkänn köpet på ${escapeHtml(input.amount)} / Authenticate the payment of ${escapeHtml(input.amount)}.</p>
<form method="post" action="/3ds/${escapeHtml(input.intentId)}">
<button name="action" value="complete" data-testid="3ds-complete">Godkänn / Complete</button>
<button name="action" value="fail" data-testid="3ds-fail">Neka / Fail</button></form>`,
  );
}
