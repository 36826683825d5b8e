import { describe, expect, it } from 'vitest';
import { buildQrData, secondsSince } from './bankid.qr';

// The example published in BankID's documentation of animated QR codes.
const qrStartToken = '67df3917-fa0d-44e5-b327-edcc928297f8';
const qrStartSecret = 'd28db9a7-4cde-429e-a983-359be676944c';

describe('animated QR code content', () => {
  it.each([
    [0, 'dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8'],
    [1, '949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2'],
    [2, 'a9e5ec59cb4eee4ef4117150abc58fad7a85439a6a96ccbecc3668b41795b3f3'],
  ])('matches the published test vector at second %i', (seconds, authCode) => {
    expect(buildQrData(qrStartToken, qrStartSecret, seconds)).toBe(
      `bankid.${qrStartToken}.${seconds}.${authCode}`,
    );
  });

  it('counts whole seconds since the order started', () => {
    const start = new Date('2026-01-01T12:00:00.000Z');
    expect(secondsSince(start, new Date('2026-01-01T12:00:00.999Z'))).toBe(0);
    expect(secondsSince(start, new Date('2026-01-01T12:00:07.400Z'))).toBe(7);
    expect(secondsSince(start, new Date('2026-01-01T11:59:59.000Z'))).toBe(0);
  });
});
