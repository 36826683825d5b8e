// The simulated BankID app that BankID's universal link (https://app.bankid.com/?autostarttoken=...&redirect=...)
// opens on a phone: a page that identifies or cancels, then returns to the redirect URL.

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function renderAppPage(input: {
  autoStartToken: string;
  redirect: string;
  /** Masked for display; the form posts nothing secret. */
  maskedPersonalNumber: string | null;
  pending: boolean;
  message?: string;
}): string {
  const hidden =
    `<input type="hidden" name="autostarttoken" value="${escapeHtml(input.autoStartToken)}">` +
    `<input type="hidden" name="redirect" value="${escapeHtml(input.redirect)}">`;
  const who = input.maskedPersonalNumber
    ? `<p>Personnummer / personal number: <strong>${escapeHtml(input.maskedPersonalNumber)}</strong></p>`
    : `<p><label>Personnummer / personal number (12 siffror / digits)<br>
       <input name="personalNumber" inputmode="numeric" pattern="\\d{12}" required></label></p>`;
  const body = input.pending
    ? `<form method="post" action="/app">${hidden}${who}
        <button name="action" value="identify" data-testid="bankid-identify">Identifiera / Identify</button>
        <button name="action" value="cancel" data-testid="bankid-cancel">Avbryt / Cancel</button></form>`
    : `<p>${escapeHtml(input.message ?? 'Ingen pågående beställning / no pending order.')}</p>`;
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>BankID (simulator)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem .3rem 0 0}input{font-size:1rem;padding:.4rem}</style></head>
<body><h1>BankID</h1><p><em>Simulator för utveckling och test / simulator for development and tests</em></p>${body}</body></html>`;
}
