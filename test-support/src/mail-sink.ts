// Reads mail from the SMTP sink started by `npm run services` (Mailpit-compatible HTTP API).

const MAIL_SINK_URL = process.env.MAIL_SINK_URL ?? 'http://127.0.0.1:8025';

export interface SinkMessage {
  ID: string;
  Subject: string;
  Text: string;
  HTML: string;
  To: { Address: string }[];
}

/** Every message received for `to`, newest first as the sink lists them. */
export async function findMails(to: string): Promise<SinkMessage[]> {
  const search = await fetch(`${MAIL_SINK_URL}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`);
  const list = (await search.json()) as { messages: { ID: string }[] };
  return Promise.all(
    list.messages.map(
      async (m) => (await (await fetch(`${MAIL_SINK_URL}/api/v1/message/${m.ID}`)).json()) as SinkMessage,
    ),
  );
}

/** Waits until `count` messages have arrived for `to` and returns them. */
export async function waitForMails(to: string, count = 1, timeoutMs = 10_000): Promise<SinkMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await findMails(to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${to}, got ${mails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const waitForMail = async (to: string) => (await waitForMails(to, 1))[0]!;

/**
 * Waits for the mail to `to` whose subject matches, and returns it: for an address that gets other mails too
 * (a receipt before a confirmation), whose order of arrival the outbox's background sends do not fix.
 */
export async function waitForMailAbout(
  to: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<SinkMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await findMails(to);
    const found = mails.find((mail) => subject.test(mail.Subject));
    if (found) return found;
    if (Date.now() > deadline) {
      const subjects = mails.map((mail) => mail.Subject).join(' | ');
      throw new Error(`no mail to ${to} about ${subject} (got: ${subjects || 'none'})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in a mail's text that points at `path`, and its token. */
export function extractLink(mail: SinkMessage, path: string): { url: string; token: string } {
  const url = mail.Text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname.endsWith(path));
  if (!url) throw new Error(`no link to ${path} in mail "${mail.Subject}"`);
  return { url, token: new URL(url).searchParams.get('token') ?? '' };
}

/** A mail's header fields as sent (unfolded), by lower-case name; a field given twice keeps the first. */
export async function findMailHeaders(mail: SinkMessage): Promise<Map<string, string>> {
  const raw = await (await fetch(`${MAIL_SINK_URL}/api/v1/message/${mail.ID}/raw`)).text();
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}
