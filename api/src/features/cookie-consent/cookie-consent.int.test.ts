import { useTestApp } from '@mp/test-support/test-app';
import { describe, expect, it } from 'vitest';

const api = useTestApp();

/** The banner's form as a browser posts it. */
function postForm(body: string, language = 'sv') {
  return api.app.inject({
    method: 'POST',
    url: '/api/cookie-consent',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language },
    payload: body,
  });
}

describe('cookie consent by form', () => {
  it('remembers the agreement in its cookie and sends the visitor back to the page', async () => {
    const response = await postForm(`page=${encodeURIComponent('/en/search?skills=java&sort=latest')}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/en/search?skills=java&sort=latest');
    expect(response.headers['set-cookie']).toBe(
      'km_cookie_consent=1; Path=/; Max-Age=31536000; SameSite=Lax',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ agreed: true, location: '/en/search?skills=java&sort=latest' });
  });

  it('takes JSON too, and sends a form without a page to the site root', async () => {
    const json = await api.app.inject({
      method: 'POST',
      url: '/api/cookie-consent',
      payload: { page: '/sv/profile/abc' },
    });
    expect(json.statusCode).toBe(303);
    expect(json.headers.location).toBe('/sv/profile/abc');
    const empty = await postForm('');
    expect(empty.statusCode).toBe(303);
    expect(empty.headers.location).toBe('/');
    expect(empty.headers['set-cookie']).toContain('km_cookie_consent=1');
  });

  it('refuses a page that is not one of ours, in the visitor’s language, and sets nothing', async () => {
    for (const page of ['https://evil.example/sv/search', '//evil.example/sv', '/admin', '/svenska']) {
      const response = await postForm(`page=${encodeURIComponent(page)}`);
      expect(response.statusCode, page).toBe(400);
      expect(response.headers['set-cookie'], page).toBeUndefined();
      expect(response.headers.location, page).toBeUndefined();
      expect(response.json(), page).toMatchObject({
        code: 'VALIDATION_FAILED',
        errorMessage: expect.any(String),
        data: {
          issues: [
            expect.objectContaining({
              field: 'page',
              message: 'Ogiltig sidadress, den ska vara en sökväg på den här webbplatsen',
            }),
          ],
        },
      });
    }
    const english = await postForm(`page=${encodeURIComponent('https://evil.example/')}`, 'en');
    expect(english.json()).toMatchObject({
      data: {
        issues: [
          expect.objectContaining({ message: 'Invalid page address, it must be a path of this site' }),
        ],
      },
    });
  });
});
