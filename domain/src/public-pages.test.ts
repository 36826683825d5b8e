import { describe, expect, it } from 'vitest';
import { matchPublicPage, publicPageUrl } from './public-pages';

describe('matchPublicPage', () => {
  it('accepts the public pages and profiles under a supported language', () => {
    expect(matchPublicPage('/sv/search')).toEqual({ language: 'sv', page: '/search' });
    expect(matchPublicPage('/en/faq/')).toEqual({ language: 'en', page: '/faq' });
    expect(matchPublicPage('/en/profile/abc-123')).toEqual({ language: 'en', page: '/profile/abc-123' });
    expect(matchPublicPage('/sv/login')).toEqual({ language: 'sv', page: '/login' });
  });

  it('leaves the app, other pages and other languages to the browser app', () => {
    for (const path of [
      '/',
      '/sv',
      '/sv/login/more',
      '/sv/auth/setup',
      '/sv/app/search',
      '/de/search',
      '/search',
      '/sv/profile/a/b',
    ]) {
      expect(matchPublicPage(path), path).toBeNull();
    }
  });
});

describe('publicPageUrl', () => {
  it('joins the origin (with or without a trailing slash), the language and the page', () => {
    expect(publicPageUrl('https://example.se/', 'en', '/disc')).toBe('https://example.se/en/disc');
  });
});
