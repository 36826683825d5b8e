import { ERROR_ALERT_DURATION_MS, SUCCESS_ALERT_DURATION_MS } from '@mp/domain/timing';
import { afterEach, describe, expect, it } from 'vitest';
import { currentAlert, dismissAlert, dismissSuccessAlert, showError, showSuccess } from './alerts';

afterEach(() => {
  const shown = currentAlert();
  if (shown) dismissAlert(shown.id);
});

describe('alerts', () => {
  it('shows one alert at a time with its severity and duration', () => {
    showSuccess('Dina val har sparats');
    expect(currentAlert()).toMatchObject({
      message: 'Dina val har sparats',
      severity: 'success',
      durationMs: SUCCESS_ALERT_DURATION_MS,
    });
  });

  it('replaces the alert on screen with a newer one at once, not after its time is up', () => {
    showSuccess('Greta är nu administratör');
    const first = currentAlert()!;
    showError('Något gick fel', new Error('boom'));
    expect(currentAlert()).toMatchObject({
      message: 'Något gick fel',
      severity: 'error',
      durationMs: ERROR_ALERT_DURATION_MS,
    });
    // The replaced alert's own timer ending later does not hide the new one.
    dismissAlert(first.id);
    expect(currentAlert()?.message).toBe('Något gick fel');
  });

  it('shows the same message once while it is on screen, and again after it has gone', () => {
    showError('Hoppsan! Något gick fel. Försök igen');
    const first = currentAlert()!;
    showError('Hoppsan! Något gick fel. Försök igen');
    expect(currentAlert()?.id).toBe(first.id);
    dismissAlert(first.id);
    expect(currentAlert()).toBeUndefined();
    showError('Hoppsan! Något gick fel. Försök igen');
    expect(currentAlert()?.id).not.toBe(first.id);
  });

  it('hides an earlier success when a failure is shown in its place (QA3 finding 6), not an error', () => {
    showSuccess('Ditt kort har sparats');
    dismissSuccessAlert();
    expect(currentAlert()).toBeUndefined();
    showError('Något gick fel');
    dismissSuccessAlert();
    expect(currentAlert()).toMatchObject({ message: 'Något gick fel', severity: 'error' });
  });
});
