import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';

export interface MailAddress {
  Name: string;
  Address: string;
}

/** A received message, in the shape of Mailpit's API so tests work against either sink. */
export interface StoredMessage {
  ID: string;
  MessageID: string;
  From: MailAddress;
  To: MailAddress[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
  Snippet: string;
}

function toAddress(a: { name?: string; address?: string } | undefined): MailAddress {
  return { Name: a?.name ?? '', Address: a?.address ?? '' };
}

/** Keeps received mail as JSON files (and the raw .eml) in a folder, newest first when listed. */
export class MailStore {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  async add(raw: Buffer, envelopeTo: string[]): Promise<StoredMessage> {
    const parsed = await PostalMime.parse(raw);
    const created = new Date();
    const id = `${created.getTime().toString().padStart(15, '0')}-${randomUUID()}`;
    const to = parsed.to?.length
      ? parsed.to.map(toAddress)
      : envelopeTo.map((Address) => ({ Name: '', Address }));
    const text = parsed.text ?? '';
    const message: StoredMessage = {
      ID: id,
      MessageID: parsed.messageId ?? id,
      From: toAddress(parsed.from),
      To: to,
      Subject: parsed.subject ?? '',
      Created: created.toISOString(),
      Text: text,
      HTML: parsed.html ?? '',
      Snippet: text.replace(/\s+/g, ' ').slice(0, 200),
    };
    writeFileSync(path.join(this.dir, `${id}.eml`), raw);
    writeFileSync(path.join(this.dir, `${id}.json`), JSON.stringify(message));
    return message;
  }

  list(): StoredMessage[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse()
      .map((f) => JSON.parse(readFileSync(path.join(this.dir, f), 'utf8')) as StoredMessage);
  }

  get(id: string): StoredMessage | undefined {
    if (!/^[\w-]+$/.test(id)) return undefined;
    const file = path.join(this.dir, `${id}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredMessage) : undefined;
  }

  raw(id: string): Buffer | undefined {
    if (!/^[\w-]+$/.test(id)) return undefined;
    const file = path.join(this.dir, `${id}.eml`);
    return existsSync(file) ? readFileSync(file) : undefined;
  }

  clear(): void {
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }
}

/** Mailpit-style search: `to:addr`, `from:addr`, `subject:word` and free words, all must match. */
export function matchesQuery(message: StoredMessage, query: string): boolean {
  const terms = query.match(/(\w+:)?("[^"]*"|\S+)/g) ?? [];
  return terms.every((term) => {
    const [, field, rawValue = ''] = /^(?:(\w+):)?(.*)$/.exec(term) ?? [];
    const value = rawValue.replace(/^"|"$/g, '').toLowerCase();
    const includes = (s: string) => s.toLowerCase().includes(value);
    switch (field) {
      case 'to':
        return message.To.some((a) => includes(a.Address) || includes(a.Name));
      case 'from':
        return includes(message.From.Address) || includes(message.From.Name);
      case 'subject':
        return includes(message.Subject);
      default:
        return includes(message.Subject) || includes(message.Text);
    }
  });
}
