import { describe, expect, it } from 'vitest';
import { clientKey } from './client-address';

describe('clientKey', () => {
  it('keys IPv4 clients by their address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys IPv6 clients by their /64, whatever the spelling', () => {
    const key = '2001:0db8:0001:0002::/64';
    expect(clientKey('2001:db8:1:2::1')).toBe(key);
    expect(clientKey('2001:db8:1:2:ffff:eeee:dddd:cccc')).toBe(key);
    expect(clientKey('2001:DB8:1:2:0:0:0:9')).toBe(key);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
  });

  it('treats IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });
});
