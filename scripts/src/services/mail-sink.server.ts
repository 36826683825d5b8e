/**
 * Local SMTP sink for development and tests: accepts every message on SMTP and serves what it received over
 * HTTP with a subset of Mailpit's API (the mail catcher of docker-compose.yml), so tests read mail the same
 * way from either. Started in the background by `npm run services`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { loadServicesConfig } from './config';
import { MailStore, matchesQuery, type StoredMessage } from './mail-store';

const config = loadServicesConfig();
const store = new MailStore(path.join(config.SERVICES_CACHE_DIR, 'mail-sink', 'messages'));

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  size: 25 * 1024 * 1024,
  banner: 'marketplace mail sink',
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address);
      store.add(Buffer.concat(chunks), to).then(
        () => callback(),
        (error: Error) => callback(error),
      );
    });
  },
});

function summary(m: StoredMessage) {
  const { Text: _t, HTML: _h, ...rest } = m;
  return rest;
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function devPage(messages: StoredMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.Created)}</td><td>${escapeHtml(m.To.map((a) => a.Address).join(', '))}</td>` +
        `<td><a href="/view/${m.ID}">${escapeHtml(m.Subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  return `<!doctype html><meta charset="utf-8"><title>Mail sink</title>
<style>body{font-family:system-ui;margin:2rem}table{border-collapse:collapse}td,th{padding:.3rem .8rem;border-bottom:1px solid #ddd;text-align:left}</style>
<h1>Mail sink</h1><p>${messages.length} message(s). SMTP on ${config.SMTP_HOST}:${config.SMTP_PORT}.</p>
<table><tr><th>Received</th><th>To</th><th>Subject</th></tr>${rows}</table>`;
}

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://sink');
  const parts = url.pathname.split('/').filter(Boolean);
  if (req.method === 'GET' && (url.pathname === '/livez' || url.pathname === '/readyz'))
    return send(res, 200, 'ok', 'text/plain');
  if (req.method === 'GET' && url.pathname === '/')
    return send(res, 200, devPage(store.list()), 'text/html; charset=utf-8');
  if (req.method === 'GET' && parts[0] === 'view' && parts[1]) {
    const m = store.get(parts[1]);
    if (!m) return send(res, 404, 'not found', 'text/plain');
    return send(res, 200, m.HTML || `<pre>${escapeHtml(m.Text)}</pre>`, 'text/html; charset=utf-8');
  }
  if (url.pathname === '/api/v1/messages' && req.method === 'DELETE') {
    store.clear();
    return send(res, 200, 'ok', 'text/plain');
  }
  if (req.method === 'GET' && (url.pathname === '/api/v1/messages' || url.pathname === '/api/v1/search')) {
    const query = url.searchParams.get('query') ?? '';
    const all = store.list().filter((m) => !query || matchesQuery(m, query));
    const limit = Number(url.searchParams.get('limit') ?? 50);
    return send(res, 200, {
      total: all.length,
      messages_count: all.length,
      messages: all.slice(0, limit).map(summary),
    });
  }
  if (req.method === 'GET' && parts[0] === 'api' && parts[2] === 'message' && parts[3]) {
    const m = store.get(parts[3]);
    if (!m) return send(res, 404, { error: 'not found' });
    if (parts[4] === 'raw')
      return send(res, 200, store.raw(parts[3])?.toString('utf8') ?? '', 'message/rfc822');
    return send(res, 200, m);
  }
  return send(res, 404, { error: 'not found' });
}

const http = createServer(handle);
const httpUrl = new URL(config.MAIL_SINK_URL);
smtp.listen(config.SMTP_PORT, config.SMTP_HOST, () => {
  http.listen(Number(httpUrl.port), httpUrl.hostname, () => {
    console.log(`mail sink: SMTP ${config.SMTP_HOST}:${config.SMTP_PORT}, HTTP ${config.MAIL_SINK_URL}`);
  });
});

function shutdown() {
  http.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
