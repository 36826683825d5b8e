import { describe, expect, it } from 'vitest';
import { isRecipientRefused, stripControlCharacters } from './mailer';

describe('stripControlCharacters', () => {
  it('turns line breaks and other control characters into spaces', () => {
    expect(stripControlCharacters('Berit\r\nBcc: evil@example.se')).toBe('Berit Bcc: evil@example.se');
    expect(stripControlCharacters('a\u0000b\u001bc\u007f')).toBe('a b c');
    expect(stripControlCharacters('Åsa Öberg')).toBe('Åsa Öberg');
  });
});

describe('isRecipientRefused', () => {
  // The shape nodemailer gives an RCPT TO the server answered with an error.
  const rcptError = (responseCode: number) =>
    Object.assign(new Error("Can't send mail - all recipients were rejected"), {
      code: 'EENVELOPE',
      command: 'RCPT TO',
      responseCode,
    });

  it('is a permanent (5xx) refusal of the recipient', () => {
    expect(isRecipientRefused(rcptError(501))).toBe(true);
    expect(isRecipientRefused(rcptError(550))).toBe(true);
  });

  it('is not a temporary refusal, another command, or a connection failure', () => {
    expect(isRecipientRefused(rcptError(450))).toBe(false);
    expect(isRecipientRefused({ code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 550 })).toBe(false);
    expect(isRecipientRefused(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(
      false,
    );
    expect(isRecipientRefused(undefined)).toBe(false);
  });
});
