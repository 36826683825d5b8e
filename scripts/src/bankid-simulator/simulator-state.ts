import { createHmac, randomUUID } from 'node:crypto';
import { scenarioBySerial, type Scenario } from './scenarios';

// The simulator's orders and their time lines, without any HTTP: the server (./simulator.ts) maps requests
// onto these methods. Time is injected, so unit tests can step through an order second by second.

export interface SimulatorOptions {
  /** Length of each pending phase; the default order completes after two steps (about 2 s). */
  stepMs: number;
  /** Orders with a personal number proceed by themselves, as if the user opened the app at once. */
  autoSign: boolean;
  defaultScenario: Scenario;
  /** Pending orders expire like BankID's (3 minutes). */
  orderTtlMs: number;
  now: () => number;
}

export interface Person {
  givenName: string;
  surname: string;
  /** The device address completionData reports; by default the order's endUserIp (the same device). */
  deviceIpAddress?: string;
}

type FinalState =
  | { status: 'complete'; personalNumber: string; at: number }
  | { status: 'failed'; hintCode: string; at: number };

interface Order {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
  personalNumber: string | null;
  endUserIp: string;
  scenario: Scenario;
  createdAt: number;
  /** When the (simulated) app picked the order up; the pending phases count from here. */
  activatedAt: number | null;
  final: FinalState | null;
}

export type RpError = { httpStatus: number; errorCode: string; details: string };
export type RpResult<T> = { ok: true; body: T } | ({ ok: false } & RpError);

const GIVEN_NAMES = ['Anna', 'Erik', 'Maria', 'Lars', 'Karin', 'Johan', 'Sara', 'Per', 'Emma', 'Oskar'];
const SURNAMES = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
];
/** Finished orders can still be collected for a while, then they are forgotten. */
const FINISHED_RETENTION_MS = 10 * 60_000;

const fail = (httpStatus: number, errorCode: string, details: string): RpResult<never> => ({
  ok: false,
  httpStatus,
  errorCode,
  details,
});

export function defaultPerson(personalNumber: string): Person {
  const sum = [...personalNumber].reduce((total, digit) => total + Number(digit), 0);
  return {
    givenName: GIVEN_NAMES[sum % GIVEN_NAMES.length]!,
    surname: SURNAMES[(sum * 7) % SURNAMES.length]!,
  };
}

export function qrAuthCode(qrStartSecret: string, seconds: number): string {
  return createHmac('sha256', qrStartSecret).update(String(seconds)).digest('hex');
}

export class SimulatorState {
  readonly options: SimulatorOptions;
  private readonly orders = new Map<string, Order>();
  private readonly scenarioByNumber = new Map<string, Scenario>();
  private readonly personByNumber = new Map<string, Person>();

  constructor(options: Partial<SimulatorOptions> = {}) {
    this.options = {
      stepMs: 1000,
      autoSign: true,
      defaultScenario: 'success',
      orderTtlMs: 180_000,
      now: Date.now,
      ...options,
    };
  }

  configure(changes: Partial<Pick<SimulatorOptions, 'stepMs' | 'autoSign' | 'defaultScenario'>>): void {
    Object.assign(this.options, changes);
  }

  setPerson(personalNumber: string, settings: { scenario?: Scenario | null } & Partial<Person>): void {
    if (settings.scenario === null) this.scenarioByNumber.delete(personalNumber);
    else if (settings.scenario) this.scenarioByNumber.set(personalNumber, settings.scenario);
    if (settings.givenName || settings.surname || settings.deviceIpAddress) {
      const current = this.personByNumber.get(personalNumber) ?? defaultPerson(personalNumber);
      this.personByNumber.set(personalNumber, { ...current, ...settings } as Person);
    }
  }

  forgetPerson(personalNumber: string): void {
    this.scenarioByNumber.delete(personalNumber);
    this.personByNumber.delete(personalNumber);
  }

  scenarioFor(personalNumber: string | null): Scenario {
    if (!personalNumber) return this.options.defaultScenario;
    return (
      this.scenarioByNumber.get(personalNumber) ??
      scenarioBySerial(personalNumber) ??
      this.options.defaultScenario
    );
  }

  personFor(personalNumber: string): Person {
    return this.personByNumber.get(personalNumber) ?? defaultPerson(personalNumber);
  }

  get pendingCount(): number {
    return [...this.orders.values()].filter((o) => !this.evaluate(o).final).length;
  }

  /** POST /auth */
  auth(request: { endUserIp?: unknown; requirement?: { personalNumber?: unknown } }): RpResult<{
    orderRef: string;
    autoStartToken: string;
    qrStartToken: string;
    qrStartSecret: string;
  }> {
    this.prune();
    if (typeof request.endUserIp !== 'string' || request.endUserIp.trim() === '') {
      return fail(400, 'invalidParameters', 'Invalid endUserIp');
    }
    const personalNumber = request.requirement?.personalNumber;
    if (
      personalNumber !== undefined &&
      (typeof personalNumber !== 'string' || !/^\d{12}$/.test(personalNumber))
    ) {
      return fail(400, 'invalidParameters', 'Invalid personalNumber');
    }
    const number = (personalNumber as string | undefined) ?? null;
    const scenario = this.scenarioFor(number);
    if (scenario === 'internalError') return fail(500, 'internalError', 'Internal error (simulated)');
    if (scenario === 'maintenance') return fail(503, 'maintenance', 'Maintenance (simulated)');
    if (scenario === 'alreadyInProgress')
      return fail(400, 'alreadyInProgress', 'Order already in progress for pno');
    if (number) {
      // BankID aborts both: the order in progress gets 'cancelled' and no new order is created.
      const running = [...this.orders.values()].find(
        (o) => o.personalNumber === number && !this.evaluate(o).final,
      );
      if (running) {
        running.final = { status: 'failed', hintCode: 'cancelled', at: this.options.now() };
        return fail(400, 'alreadyInProgress', 'Order already in progress for pno');
      }
    }
    const now = this.options.now();
    const order: Order = {
      orderRef: randomUUID(),
      autoStartToken: randomUUID(),
      qrStartToken: randomUUID(),
      qrStartSecret: randomUUID(),
      personalNumber: number,
      endUserIp: request.endUserIp,
      scenario,
      createdAt: now,
      activatedAt: number && this.options.autoSign ? now : null,
      final: null,
    };
    this.orders.set(order.orderRef, order);
    const { orderRef, autoStartToken, qrStartToken, qrStartSecret } = order;
    return { ok: true, body: { orderRef, autoStartToken, qrStartToken, qrStartSecret } };
  }

  /** POST /collect */
  collect(orderRef: unknown): RpResult<Record<string, unknown>> {
    const order = typeof orderRef === 'string' ? this.orders.get(orderRef) : undefined;
    if (!order) return fail(400, 'invalidParameters', 'No such order');
    const state = this.evaluate(order);
    if (!state.final)
      return { ok: true, body: { orderRef: order.orderRef, status: 'pending', hintCode: state.hintCode } };
    if (state.final.status === 'failed') {
      return {
        ok: true,
        body: { orderRef: order.orderRef, status: 'failed', hintCode: state.final.hintCode },
      };
    }
    const person = this.personFor(state.final.personalNumber);
    return {
      ok: true,
      body: {
        orderRef: order.orderRef,
        status: 'complete',
        completionData: {
          user: {
            personalNumber: state.final.personalNumber,
            name: `${person.givenName} ${person.surname}`,
            givenName: person.givenName,
            surname: person.surname,
          },
          device: { ipAddress: person.deviceIpAddress ?? order.endUserIp, uhi: 'c2ltdWxhdGVkLWRldmljZQ' },
          bankIdIssueDate: '2024-01-15',
          stepUp: { mrtd: false },
          signature: Buffer.from('<Signature>simulated</Signature>').toString('base64'),
          ocspResponse: Buffer.from('simulated OCSP response').toString('base64'),
        },
      },
    };
  }

  /** POST /cancel: the order is gone afterwards, so a later collect gets invalidParameters, as at BankID. */
  cancel(orderRef: unknown): RpResult<Record<string, never>> {
    const order = typeof orderRef === 'string' ? this.orders.get(orderRef) : undefined;
    if (!order) return fail(400, 'invalidParameters', 'No such order');
    this.orders.delete(order.orderRef);
    return { ok: true, body: {} };
  }

  /**
   * The simulated app scanning a QR code: checks the content against the order's secret and its age, then
   * picks the order up (an order without a personal number needs one here).
   */
  scan(
    qrData: string,
    personalNumber?: string,
  ): { ok: true; orderRef: string } | { ok: false; reason: string } {
    const match = /^bankid\.([^.]+)\.(\d+)\.([0-9a-f]{64})$/.exec(qrData);
    if (!match) return { ok: false, reason: 'not BankID QR content' };
    const [, token, time, code] = match;
    const order = [...this.orders.values()].find((o) => o.qrStartToken === token);
    if (!order || this.evaluate(order).final)
      return { ok: false, reason: 'no pending order for this QR code' };
    const seconds = Number(time);
    if (qrAuthCode(order.qrStartSecret, seconds) !== code) return { ok: false, reason: 'wrong QR auth code' };
    const elapsed = Math.floor((this.options.now() - order.createdAt) / 1000);
    // The code changes every second; a scan of an old picture is refused, as the real app does.
    if (seconds > elapsed + 1 || seconds < elapsed - 5) return { ok: false, reason: 'stale QR code' };
    return this.pickUp(order, personalNumber);
  }

  /** The simulated app opened on this device with the autostart token; 'identify' signs at once. */
  openApp(
    autoStartToken: string,
    action: 'identify' | 'cancel',
    personalNumber?: string,
  ): { ok: true; orderRef: string } | { ok: false; reason: string } {
    const order = [...this.orders.values()].find((o) => o.autoStartToken === autoStartToken);
    if (!order || this.evaluate(order).final)
      return { ok: false, reason: 'no pending order for this start token' };
    if (action === 'cancel') {
      order.final = { status: 'failed', hintCode: 'userCancel', at: this.options.now() };
      return { ok: true, orderRef: order.orderRef };
    }
    const picked = this.pickUp(order, personalNumber);
    if (!picked.ok) return picked;
    if (order.scenario === 'success') {
      order.final = { status: 'complete', personalNumber: order.personalNumber!, at: this.options.now() };
    }
    return picked;
  }

  /** What an order's pending personal number and autostart token are, for the app page. */
  describeByStartToken(autoStartToken: string): { personalNumber: string | null; pending: boolean } | null {
    const order = [...this.orders.values()].find((o) => o.autoStartToken === autoStartToken);
    if (!order) return null;
    return { personalNumber: order.personalNumber, pending: !this.evaluate(order).final };
  }

  private pickUp(
    order: Order,
    personalNumber?: string,
  ): { ok: true; orderRef: string } | { ok: false; reason: string } {
    if (personalNumber !== undefined && !/^\d{12}$/.test(personalNumber)) {
      return { ok: false, reason: 'invalid personal number' };
    }
    if (order.personalNumber && personalNumber && personalNumber !== order.personalNumber) {
      return { ok: false, reason: 'the order was started for another personal number' };
    }
    if (!order.personalNumber) {
      if (!personalNumber) return { ok: false, reason: 'a personal number is needed for this order' };
      order.personalNumber = personalNumber;
      order.scenario = this.scenarioFor(personalNumber);
    }
    order.activatedAt ??= this.options.now();
    return { ok: true, orderRef: order.orderRef };
  }

  /** The order's state now: its time line decides, and a final state is recorded once reached. */
  private evaluate(order: Order): { final: FinalState | null; hintCode: string } {
    if (order.final) return { final: order.final, hintCode: '' };
    const now = this.options.now();
    if (now - order.createdAt >= this.options.orderTtlMs) {
      order.final = { status: 'failed', hintCode: 'expiredTransaction', at: now };
      return { final: order.final, hintCode: '' };
    }
    if (order.activatedAt === null) {
      return { final: null, hintCode: order.scenario === 'noClient' ? 'noClient' : 'outstandingTransaction' };
    }
    const step = Math.floor((now - order.activatedAt) / this.options.stepMs);
    const finish = (final: FinalState) => {
      order.final = final;
      return { final, hintCode: '' };
    };
    switch (order.scenario) {
      case 'noClient':
        return { final: null, hintCode: 'noClient' };
      case 'expiredTransaction':
      case 'startFailed':
        if (step < 2) return { final: null, hintCode: 'outstandingTransaction' };
        return finish({ status: 'failed', hintCode: order.scenario, at: now });
      case 'certificateErr':
        if (step < 1) return { final: null, hintCode: 'outstandingTransaction' };
        if (step < 2) return { final: null, hintCode: 'started' };
        return finish({ status: 'failed', hintCode: 'certificateErr', at: now });
      case 'userCancel':
        if (step < 1) return { final: null, hintCode: 'outstandingTransaction' };
        if (step < 2) return { final: null, hintCode: 'userSign' };
        return finish({ status: 'failed', hintCode: 'userCancel', at: now });
      default:
        if (step < 1) return { final: null, hintCode: 'outstandingTransaction' };
        if (step < 2) return { final: null, hintCode: 'userSign' };
        return finish({ status: 'complete', personalNumber: order.personalNumber!, at: now });
    }
  }

  private prune(): void {
    const now = this.options.now();
    for (const order of this.orders.values()) {
      const { final } = this.evaluate(order);
      if (final && now - final.at > FINISHED_RETENTION_MS) this.orders.delete(order.orderRef);
    }
  }
}
