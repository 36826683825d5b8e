import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-serializers';

describe('redactUrl', () => {
  it('hides the values of sensitive query parameters, whatever their case', () => {
    expect(redactUrl('/api/verify/email?token=abc123')).toBe('/api/verify/email?token=%5Bredacted%5D');
    expect(redactUrl('/sv/login?orderRef=x&redirect=expired')).toBe(
      '/sv/login?orderRef=%5Bredacted%5D&redirect=expired',
    );
    expect(redactUrl('/x?Password=p&email=a%40b.se')).toBe('/x?Password=%5Bredacted%5D&email=%5Bredacted%5D');
  });

  it('hides tokens carried in the path', () => {
    expect(redactUrl('/api/references/abcDEF123_-')).toBe('/api/references/[redacted]');
    expect(redactUrl('/sv/verify/reference/abcDEF123_-?x=1')).toBe('/sv/verify/reference/[redacted]?x=1');
    expect(redactUrl('/en/verify/reference/tok')).toBe('/en/verify/reference/[redacted]');
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/user')).toBe('/api/user');
    expect(redactUrl('/api/search?keywords=react')).toBe('/api/search?keywords=react');
  });
});
