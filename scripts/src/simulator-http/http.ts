import type { IncomingMessage, ServerResponse } from 'node:http';

// What the local simulators (BankID, card payments, signing) share of plain node:http.

/** Answers `body` as JSON with `status`. */
export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The request body, refused (and the request destroyed) once it passes `maxBytes`. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The request body as UTF-8 text, refused once it passes `maxBytes`. */
export async function readText(req: IncomingMessage, maxBytes: number): Promise<string> {
  return (await readBody(req, maxBytes)).toString('utf8');
}
