import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { loadServicesConfig } from './config';
import type { StoredMessage } from './mail-store';

const config = loadServicesConfig();

describe('the SMTP sink', () => {
  it('receives a mail over SMTP and serves it over its HTTP API', async () => {
    const to = `sink-${Date.now()}@example.se`;
    const transport = nodemailer.createTransport({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: false,
    });
    await transport.sendMail({
      from: 'Marketplace <noreply@example.se>',
      to,
      subject: 'Välkommen',
      text: 'Hej och välkommen!',
      html: '<p>Hej och välkommen!</p>',
    });
    transport.close();

    const list = (await (
      await fetch(new URL(`/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`, config.MAIL_SINK_URL))
    ).json()) as { total: number; messages: StoredMessage[] };
    expect(list.total).toBe(1);
    const message = (await (
      await fetch(new URL(`/api/v1/message/${list.messages[0]!.ID}`, config.MAIL_SINK_URL))
    ).json()) as StoredMessage;
    expect(message.Subject).toBe('Välkommen');
    expect(message.Text.trim()).toBe('Hej och välkommen!');
    expect(message.HTML).toContain('<p>Hej och välkommen!</p>');
    expect(message.To[0]!.Address).toBe(to);
  });
});
