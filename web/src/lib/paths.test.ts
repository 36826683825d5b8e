import { describe, expect, it } from 'vitest';
import {
  expiredLoginPath,
  isExpiredLogin,
  onwardTargetOf,
  returnTargetOf,
  withOnwardTarget,
} from './expired-login';
import { sessionExpiredPathFor } from './paths';

describe('coming back after an expired session', () => {
  it('splits the tab off the page the user was on', () => {
    expect(returnTargetOf('/app/settings', '?tab=privacy&x=1')).toEqual({
      target: '/app/settings?x=1',
      tab: 'privacy',
    });
    expect(returnTargetOf('/app/time', '')).toEqual({ target: '/app/time', tab: null });
  });

  it('remembers the page on the session-expired page, and logging in again returns to it with the warning', () => {
    expect(sessionExpiredPathFor('/app/settings?tab=privacy')).toBe(
      '/session-expired?redirect=%2Fapp%2Fsettings%3Ftab%3Dprivacy',
    );
    const login = expiredLoginPath('/app/settings?tab=privacy');
    expect(login).toBe('/login?redirect=%2Fapp%2Fsettings&tab=privacy&expired=1');
    expect(isExpiredLogin(new URLSearchParams(login.split('?')[1]))).toBe(true);
    expect(expiredLoginPath('/app/time?week=2026-W48')).toBe(
      '/login?redirect=%2Fapp%2Ftime%3Fweek%3D2026-W48&expired=1',
    );
  });

  it('falls back to the plain login for no page, another site, or the login pages themselves', () => {
    for (const page of [null, '//evil.example/app', 'https://evil.example', '/login', '/session-expired']) {
      expect(expiredLoginPath(page)).toBe('/login?redirect=expired');
    }
    expect(isExpiredLogin(new URLSearchParams('redirect=expired'))).toBe(true);
    expect(isExpiredLogin(new URLSearchParams('redirect=%2Fapp%2Ftime'))).toBe(false);
  });
});

const query = (search: string) => new URLSearchParams(search);

describe('onwardTargetOf: where a new account goes on to', () => {
  it("leads a company invite's login back to the invite", () => {
    expect(onwardTargetOf(query('redirect=%2Fjoin%2Fabc&link=abc'))).toBe('/join/abc');
    expect(onwardTargetOf(query('link=a%2Fb'))).toBe('/join/a%2Fb');
  });

  it('keeps a redirect of ours, with its tab', () => {
    expect(onwardTargetOf(query('redirect=%2Fjoin%2Fabc'))).toBe('/join/abc');
    expect(onwardTargetOf(query('redirect=%2Fapp%2Fsettings&tab=privacy'))).toBe('/app/settings?tab=privacy');
  });

  it('drops anything that is not a page of ours, and what the API would refuse', () => {
    for (const search of [
      '',
      'redirect=expired',
      'redirect=https%3A%2F%2Fevil.example',
      'redirect=%2F%2Fevil.example',
      'redirect=%2Flogin',
      `redirect=%2Fapp%2F${'x'.repeat(2000)}`,
    ]) {
      expect(onwardTargetOf(query(search)), search).toBeNull();
    }
  });
});

describe('withOnwardTarget', () => {
  it('carries the target on as the redirect query', () => {
    expect(withOnwardTarget('/auth/setup', '/join/abc')).toBe('/auth/setup?redirect=%2Fjoin%2Fabc');
    expect(withOnwardTarget('/auth/setup', null)).toBe('/auth/setup');
    expect(onwardTargetOf(query(withOnwardTarget('/x', '/app/settings?tab=privacy').split('?')[1]!))).toBe(
      '/app/settings?tab=privacy',
    );
  });
});
