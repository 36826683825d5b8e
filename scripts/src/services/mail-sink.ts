import net from 'node:net';
import type { ServicesConfig } from './config';
import { ensureManagedProcess, stopManagedProcess, type ManagedProcess } from './managed-process';
import type { ServiceStatus } from './service-status';

export function mailSinkProcess(config: ServicesConfig): ManagedProcess {
  return {
    name: 'mail-sink',
    entry: 'scripts/src/services/mail-sink.server.ts',
    healthUrl: new URL('/livez', config.MAIL_SINK_URL).toString(),
  };
}

/** Reads the SMTP greeting, which carries the server's banner. */
function smtpGreeting(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, timeout: 3000 });
    socket.once('data', (data) => {
      socket.end('QUIT\r\n');
      resolve(data.toString('utf8').trim());
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error('no SMTP greeting'));
    });
    socket.once('error', reject);
  });
}

export async function checkSmtp(config: ServicesConfig): Promise<ServiceStatus> {
  const url = `smtp://${config.SMTP_HOST}:${config.SMTP_PORT}`;
  try {
    const greeting = await smtpGreeting(config.SMTP_HOST, config.SMTP_PORT);
    if (!greeting.startsWith('220')) throw new Error(`unexpected greeting ${greeting}`);
    const isOurs = greeting.includes('marketplace mail sink');
    return {
      name: 'smtp',
      up: true,
      url,
      version: isOurs ? 'mail sink (smtp-server)' : greeting.slice(4, 60),
      detail: `messages at ${config.MAIL_SINK_URL}`,
    };
  } catch (error) {
    return { name: 'smtp', up: false, url, detail: (error as Error).message };
  }
}

export const ensureMailSink = (config: ServicesConfig) =>
  ensureManagedProcess(config, mailSinkProcess(config));
export const stopMailSink = (config: ServicesConfig) => stopManagedProcess(config, mailSinkProcess(config));
