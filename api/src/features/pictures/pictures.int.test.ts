import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { multipartFile, type MultipartFile } from '@mp/test-support/multipart';
import type { OwnProfile } from '@mp/api-contract/profile-view.schema';

let app: FastifyInstance;
/** A second API process: its own app, connection pool and port, as behind a load balancer. */
let other: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ PORT: 3901 });
  other = await buildTestApp({ PORT: 3902, HOST: '127.0.0.2' });
});

afterAll(async () => {
  await app?.close();
  await other?.close();
});

/** Whether the picture store holds a key. */
async function isStored(key: string): Promise<boolean> {
  const row = await app.db.selectFrom('uploads').select('key').where('key', '=', key).executeTakeFirst();
  return row !== undefined;
}

async function consultant() {
  const user = await createUser(app.db, app.config, { firstName: 'Anna', lastName: 'Lindqvist' });
  return { id: user.id, authorization: await createSessionToken(app, user.id) };
}

const photo = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#ffcc00"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();

function upload(authorization: string, file: MultipartFile, lang = 'en') {
  const { payload, headers } = multipartFile(file);
  return app.inject({
    method: 'POST',
    url: '/api/profile/picture',
    headers: { ...headers, authorization, 'accept-language': lang },
    payload,
  });
}

describe('profile pictures', () => {
  it('stores an upload as a 512x512 WebP, sets the url and the completion, and serves it with cache headers', async () => {
    const c = await consultant();
    const before = (
      await app.inject({
        method: 'PUT',
        url: '/api/profile/description',
        headers: c,
        payload: { shortDescription: 'Hej' },
      })
    ).json() as OwnProfile;
    expect(before.missing).toContain('picture');

    const response = await upload(c.authorization, {
      bytes: await photo(),
      filename: 'me.jpg',
      contentType: 'image/jpeg',
    });
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json() as OwnProfile;
    expect(profile.picture?.url).toBe(`${app.config.API_BASE_URL}/pictures/${profile.picture!.key}`);
    expect(profile.missing).not.toContain('picture');
    expect(profile.completion).toBe(before.completion + 10);
    const stored = await app.db
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.user_id', 'users.id')
      .select(['users.picture_url', 'profiles.completion', 'profiles.version'])
      .where('users.id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      picture_url: profile.picture!.url,
      completion: profile.completion,
      version: profile.version,
    });
    const outbox = await app.db.selectFrom('outbox').select('id').where('aggregate_id', '=', c.id).execute();
    expect(outbox.length).toBeGreaterThan(0);

    const served = await app.inject({ method: 'GET', url: new URL(profile.picture!.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  it('replaces the old file on a new upload and removes it on delete', async () => {
    const c = await consultant();
    const first = (
      await upload(c.authorization, { bytes: await photo(), filename: 'a.jpg', contentType: 'image/jpeg' })
    ).json() as OwnProfile;
    const png = await sharp(await photo(400, 900))
      .png()
      .toBuffer();
    const second = (
      await upload(c.authorization, { bytes: png, filename: 'b.png', contentType: 'image/png' })
    ).json() as OwnProfile;
    expect(second.picture!.key).not.toBe(first.picture!.key);
    expect(await isStored(first.picture!.key)).toBe(false);
    expect(await isStored(second.picture!.key)).toBe(true);

    const removed = await app.inject({ method: 'DELETE', url: '/api/profile/picture', headers: c });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ picture: null });
    expect((removed.json() as OwnProfile).missing).toContain('picture');
    expect(await isStored(second.picture!.key)).toBe(false);
    const gone = await app.inject({ method: 'GET', url: `/api/pictures/${second.picture!.key}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('PICTURE_NOT_FOUND');
  });

  it('serves a picture uploaded to either of two API processes from both', async () => {
    const anna = await consultant();
    const bo = await consultant();
    // Sessions are JWTs with a shared secret: a token from one process works on the other.
    const viaFirst = (
      await upload(anna.authorization, { bytes: await photo(), filename: 'a.jpg', contentType: 'image/jpeg' })
    ).json() as OwnProfile;
    const { payload, headers } = multipartFile({
      bytes: await photo(900, 900),
      filename: 'b.jpg',
      contentType: 'image/jpeg',
    });
    const viaSecond = await other.inject({
      method: 'POST',
      url: '/api/profile/picture',
      headers: { ...headers, authorization: bo.authorization },
      payload,
    });
    expect(viaSecond.statusCode, viaSecond.body).toBe(200);
    const second = viaSecond.json() as OwnProfile;
    for (const instance of [app, other]) {
      for (const key of [viaFirst.picture!.key, second.picture!.key]) {
        const served = await instance.inject({ method: 'GET', url: `/api/pictures/${key}` });
        expect(served.statusCode).toBe(200);
        expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
      }
    }
  });

  it("removes a deleted account's pictures at once", async () => {
    const user = await createUser(app.db, app.config, { password: 'a-long-password-1' });
    const authorization = await createSessionToken(app, user.id);
    const uploaded = (
      await upload(authorization, { bytes: await photo(), filename: 'a.jpg', contentType: 'image/jpeg' })
    ).json() as OwnProfile;
    const key = uploaded.picture!.key;
    expect(await isStored(key)).toBe(true);
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/user/delete',
      headers: { authorization },
      payload: { confirmation: 'delete', password: 'a-long-password-1' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await isStored(key)).toBe(false);
    expect((await other.inject({ method: 'GET', url: `/api/pictures/${key}` })).statusCode).toBe(404);
    const row = await app.db
      .selectFrom('users')
      .select(['picture_key', 'picture_url'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ picture_key: null, picture_url: null });
  });

  it('refuses an 11 MB upload with a clear message in both languages', async () => {
    const c = await consultant();
    const big = Buffer.alloc(11 * 1024 * 1024, 0x41);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    for (const [lang, message] of [
      ['en', 'The file is too large. The maximum size is 10 MB'],
      ['sv', 'Filen är för stor. Den får vara högst 10 MB'],
    ] as const) {
      const response = await upload(
        c.authorization,
        { bytes: big, filename: 'huge.png', contentType: 'image/png' },
        lang,
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: 'FILE_TOO_LARGE', errorMessage: message });
    }
    const user = await app.db
      .selectFrom('users')
      .select('picture_url')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(user.picture_url).toBeNull();
  });

  it('refuses a text file renamed .png, and a corrupt image, judging by the content', async () => {
    const c = await consultant();
    const fake = Buffer.from('This is not a picture at all, just text.\n');
    for (const [lang, message] of [
      ['en', 'Unsupported image format. Use JPEG, PNG or WebP'],
      ['sv', 'Bildformatet stöds inte. Använd JPEG, PNG eller WebP'],
    ] as const) {
      const response = await upload(
        c.authorization,
        { bytes: fake, filename: 'photo.png', contentType: 'image/png' },
        lang,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'UNSUPPORTED_IMAGE_TYPE', errorMessage: message });
    }
    const truncated = (await photo()).subarray(0, 200);
    const corrupt = await upload(c.authorization, {
      bytes: truncated,
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().code).toBe('UNSUPPORTED_IMAGE_TYPE');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const script = await upload(c.authorization, {
      bytes: svg,
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    expect(script.statusCode).toBe(400);
  });

  it('needs a session and a file, and never serves paths outside the picture store', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/api/profile/picture' });
    expect(anonymous.statusCode).toBe(401);
    const c = await consultant();
    const noFile = await app.inject({
      method: 'POST',
      url: '/api/profile/picture',
      headers: { ...c, 'content-type': 'application/json' },
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('PICTURE_REQUIRED');
    for (const key of ['..%2F..%2Fpackage.json', 'x.webp', '%2Fetc%2Fpasswd']) {
      const response = await app.inject({ method: 'GET', url: `/api/pictures/${key}` });
      expect(response.statusCode).toBe(404);
    }
  });
});
