/**
 * The bench's bare pass-through: an HTTP server in its own process that forwards each POSTed body to the search
 * alias's `_search` and sends Elasticsearch's answer back untouched (no parsing, validation or mapping), over
 * one keep-alive pool as the API's client does. It costs what any API in front of Elasticsearch costs at the
 * least, one more HTTP hop, so the bench can show how much of the API's overhead is the hop itself.
 *
 * Env: ELASTICSEARCH_URL, SEARCH_INDEX_ALIAS, PORT. Logs nothing; answers 502 when the body cannot be read or
 * Elasticsearch cannot be reached (the bench counts any answer but 200 as a failed request).
 */
import { createServer } from 'node:http';
import { Pool } from 'undici';
import { readBody } from '../simulator-http/http';

const target = new URL(process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200');
const searchPath = `/${encodeURIComponent(process.env.SEARCH_INDEX_ALIAS ?? 'consultants')}/_search`;
const pool = new Pool(target.origin, { connections: 16 });

const server = createServer((req, res) => {
  // At most the API's own body limit.
  readBody(req, 1024 * 1024)
    .then((body) =>
      pool.request({
        method: 'POST',
        path: searchPath,
        headers: { 'content-type': 'application/json' },
        body,
      }),
    )
    .then(async (answer) => {
      const body = Buffer.from(await answer.body.arrayBuffer());
      res.writeHead(answer.statusCode, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    })
    .catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end((error as Error).message);
    });
});

server.listen(Number(process.env.PORT), '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    void pool.close().then(() => process.exit(0));
  });
}
