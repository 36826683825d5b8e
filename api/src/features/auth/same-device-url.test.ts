import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildSameDeviceUrl } from './bankid-login.service';

describe('buildSameDeviceUrl', () => {
  it("builds BankID's universal link that returns to login with the orderRef", () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      BANKID_APP_URL: 'https://app.bankid.com/',
      PUBLIC_URL: 'https://konsult.example.se',
    });
    const url = new URL(buildSameDeviceUrl(config, 'en', { orderRef: 'o-1', autoStartToken: 't-1' }));
    expect(url.origin + url.pathname).toBe('https://app.bankid.com/');
    expect(url.searchParams.get('autostarttoken')).toBe('t-1');
    expect(url.searchParams.get('redirect')).toBe('https://konsult.example.se/en/login?orderRef=o-1');
  });
});
