import { describe, expect, it } from 'vitest';
import { qrAuthCode, SimulatorState } from './simulator-state';

// Valid-looking 12-digit numbers; the simulator does not check the Luhn digit, only the serial convention.
const PN = '199001011239';
const withSerial = (serial: string) => `19900101${serial}0`;

function makeState(options: Partial<ConstructorParameters<typeof SimulatorState>[0]> = {}) {
  let now = 1_000_000;
  const state = new SimulatorState({ stepMs: 1000, now: () => now, ...options });
  return { state, advance: (ms: number) => (now += ms) };
}

function startOrder(state: SimulatorState, personalNumber?: string) {
  const result = state.auth({
    endUserIp: '127.0.0.1',
    ...(personalNumber ? { requirement: { personalNumber } } : {}),
  });
  if (!result.ok) throw new Error(result.errorCode);
  return result.body;
}

const hintOf = (state: SimulatorState, orderRef: string) => {
  const result = state.collect(orderRef);
  if (!result.ok) throw new Error(result.errorCode);
  return result.body;
};

describe('the simulator time line', () => {
  it('completes a default order after two steps: outstandingTransaction, userSign, complete', () => {
    const { state, advance } = makeState();
    state.setPerson(PN, { givenName: 'Greta', surname: 'Garbo' });
    const { orderRef } = startOrder(state, PN);
    expect(hintOf(state, orderRef)).toMatchObject({ status: 'pending', hintCode: 'outstandingTransaction' });
    advance(1000);
    expect(hintOf(state, orderRef)).toMatchObject({ status: 'pending', hintCode: 'userSign' });
    advance(1000);
    expect(hintOf(state, orderRef)).toMatchObject({
      status: 'complete',
      completionData: {
        user: { personalNumber: PN, givenName: 'Greta', surname: 'Garbo', name: 'Greta Garbo' },
      },
    });
  });

  it.each([
    ['userCancel', 'userSign', 'userCancel'],
    ['expiredTransaction', 'outstandingTransaction', 'expiredTransaction'],
    ['startFailed', 'outstandingTransaction', 'startFailed'],
    ['certificateErr', 'started', 'certificateErr'],
  ] as const)('fails the %s scenario', (scenario, secondHint, failure) => {
    const { state, advance } = makeState();
    state.setPerson(PN, { scenario });
    const { orderRef } = startOrder(state, PN);
    advance(1000);
    expect(hintOf(state, orderRef)).toMatchObject({ status: 'pending', hintCode: secondHint });
    advance(1000);
    expect(hintOf(state, orderRef)).toEqual({ orderRef, status: 'failed', hintCode: failure });
  });

  it('picks scenarios by the birth serial', () => {
    const { state } = makeState();
    expect(state.scenarioFor(withSerial('981'))).toBe('userCancel');
    expect(state.scenarioFor(withSerial('985'))).toBe('alreadyInProgress');
    expect(state.scenarioFor(withSerial('123'))).toBe('success');
    state.setPerson(withSerial('123'), { scenario: 'certificateErr' });
    expect(state.scenarioFor(withSerial('123'))).toBe('certificateErr');
    state.forgetPerson(withSerial('123'));
    expect(state.scenarioFor(withSerial('123'))).toBe('success');
  });

  it('answers auth errors like BankID', () => {
    const { state } = makeState();
    expect(state.auth({})).toMatchObject({ ok: false, httpStatus: 400, errorCode: 'invalidParameters' });
    expect(state.auth({ endUserIp: '1.2.3.4', requirement: { personalNumber: '123' } })).toMatchObject({
      errorCode: 'invalidParameters',
    });
    expect(
      state.auth({ endUserIp: '1.2.3.4', requirement: { personalNumber: withSerial('985') } }),
    ).toMatchObject({
      httpStatus: 400,
      errorCode: 'alreadyInProgress',
    });
    expect(
      state.auth({ endUserIp: '1.2.3.4', requirement: { personalNumber: withSerial('986') } }),
    ).toMatchObject({
      httpStatus: 500,
      errorCode: 'internalError',
    });
  });

  it('aborts both orders when a second one starts for the same person', () => {
    const { state } = makeState();
    const first = startOrder(state, PN);
    expect(state.auth({ endUserIp: '1.2.3.4', requirement: { personalNumber: PN } })).toMatchObject({
      errorCode: 'alreadyInProgress',
    });
    expect(hintOf(state, first.orderRef)).toMatchObject({ status: 'failed', hintCode: 'cancelled' });
  });

  it('expires pending orders after three minutes and forgets cancelled ones', () => {
    const { state, advance } = makeState();
    state.setPerson(PN, { scenario: 'noClient' });
    const { orderRef } = startOrder(state, PN);
    expect(hintOf(state, orderRef).hintCode).toBe('noClient');
    advance(180_000);
    expect(hintOf(state, orderRef)).toMatchObject({ status: 'failed', hintCode: 'expiredTransaction' });
    const other = startOrder(state);
    expect(state.cancel(other.orderRef).ok).toBe(true);
    expect(state.collect(other.orderRef)).toMatchObject({ ok: false, errorCode: 'invalidParameters' });
  });
});

describe('the simulated app', () => {
  it('accepts a fresh QR code and refuses a wrong or stale one', () => {
    const { state, advance } = makeState({ autoSign: false });
    const order = startOrder(state, PN);
    advance(8000);
    expect(hintOf(state, order.orderRef).hintCode).toBe('outstandingTransaction');
    const code = (seconds: number) =>
      `bankid.${order.qrStartToken}.${seconds}.${qrAuthCode(order.qrStartSecret, seconds)}`;
    expect(state.scan(code(8).replace(/.$/, 'x'))).toMatchObject({ ok: false });
    expect(state.scan(`bankid.${order.qrStartToken}.8.${'0'.repeat(64)}`)).toMatchObject({
      ok: false,
      reason: 'wrong QR auth code',
    });
    expect(state.scan(code(0))).toMatchObject({ ok: false, reason: 'stale QR code' });
    expect(state.scan(code(10))).toMatchObject({ ok: false, reason: 'stale QR code' });
    expect(state.scan(code(8))).toEqual({ ok: true, orderRef: order.orderRef });
    advance(2000);
    expect(hintOf(state, order.orderRef).status).toBe('complete');
  });

  it('needs a personal number for an order started without one', () => {
    const { state } = makeState();
    const order = startOrder(state);
    expect(state.openApp(order.autoStartToken, 'identify')).toMatchObject({ ok: false });
    expect(state.openApp(order.autoStartToken, 'identify', PN)).toMatchObject({ ok: true });
    expect(hintOf(state, order.orderRef)).toMatchObject({ status: 'complete' });
  });

  it('cancels from the app', () => {
    const { state } = makeState({ autoSign: false });
    const order = startOrder(state, PN);
    expect(state.openApp(order.autoStartToken, 'cancel')).toMatchObject({ ok: true });
    expect(hintOf(state, order.orderRef)).toMatchObject({ status: 'failed', hintCode: 'userCancel' });
  });
});
