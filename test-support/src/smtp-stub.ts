import net from 'node:net';

export interface SmtpStub {
  /** For the app's SMTP_URL. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A mail server that answers every RCPT TO with `rcptReply` (e.g. `550 5.1.1 No such user` or
 * `451 4.3.0 Try again later`) and accepts everything else: what the app does when a real server refuses a
 * recipient or is failing, which the mail sink never does. Plain SMTP without extensions (no STARTTLS, no
 * pipelining), one command a line.
 */
export async function startSmtpStub(rcptReply: string): Promise<SmtpStub> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let pending = '';
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    socket.on('data', (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            reply('250 2.0.0 Queued');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'RCPT') reply(rcptReply);
        else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') socket.end('221 2.0.0 Bye\r\n');
        else reply('250 OK');
      }
    });
    reply('220 smtp-stub');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface SilentSmtpServer extends SmtpStub {
  /** Connections taken so far (a send under way holds one). */
  connections(): number;
}

/**
 * A mail server that accepts connections and never says a word (a hung server): a send waits for the mailer's
 * timeouts. `close` drops every connection (the sends under way fail) and stops listening.
 */
export async function startSilentSmtpServer(): Promise<SilentSmtpServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}
