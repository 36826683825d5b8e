// What the simulator does with an order. `success` is the default: pending (outstandingTransaction, then
// userSign) and complete after about two seconds. The others reproduce BankID's failures.
export const SCENARIOS = [
  'success',
  'userCancel',
  'expiredTransaction',
  'startFailed',
  'certificateErr',
  'alreadyInProgress',
  'internalError',
  'maintenance',
  'noClient',
] as const;

export type Scenario = (typeof SCENARIOS)[number];

export function isScenario(value: unknown): value is Scenario {
  return typeof value === 'string' && (SCENARIOS as readonly string[]).includes(value);
}

/**
 * Scenarios chosen by the personal number itself: the birth serial (digits 9-11 of the 12) picks one, so a
 * tester can reproduce a failure by typing a number, without the control endpoint. Any other serial
 * completes normally. Test factories avoid serials 981-989.
 */
export const SCENARIO_BY_SERIAL: Readonly<Record<string, Scenario>> = {
  '981': 'userCancel',
  '982': 'expiredTransaction',
  '983': 'startFailed',
  '984': 'certificateErr',
  '985': 'alreadyInProgress',
  '986': 'internalError',
  '987': 'noClient',
};

export function scenarioBySerial(personalNumber: string): Scenario | undefined {
  return SCENARIO_BY_SERIAL[personalNumber.slice(8, 11)];
}
