import { createHash, randomUUID } from 'node:crypto';
import type { CardSimulator } from '@mp/scripts/card-simulator/simulator';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { cardProviderConfig, startTestCardSimulator, tokeniseCard } from '@mp/test-support/card-simulator';
import { createPersonalNumber, createSessionToken, createUser } from '@mp/test-support/factories';
import { buildProfileInput } from '@mp/test-support/profile-factory';
import { multipartFile } from '@mp/test-support/multipart';
import { EXPORTED_COLUMNS, NOT_EXPORTED_COLUMNS } from './account-export.coverage';

// The data export (settings/export) against the real app, database and card simulator: every table that holds
// data about a user is exported or excluded on purpose, and a user who bought the DISC package, saved payment
// details, answered the assessment, booked a coach session, uploaded a picture and got an answer to feedback
// finds all of it in the zip, and nothing of anyone else's and no secret.

let app: FastifyInstance;
let simulator: CardSimulator;
let adminId: string;
let adminToken: string;

beforeAll(async () => {
  simulator = await startTestCardSimulator();
  app = await buildTestApp({
    ...cardProviderConfig(simulator),
  });
  const admin = await createUser(app.db, app.config, { isAdmin: true });
  adminId = admin.id;
  adminToken = await createSessionToken(app, admin.id);
});

afterAll(async () => {
  // Slots are shared by every consultant of the test database: take ours away.
  await app?.db.deleteFrom('coach_session_slots').where('created_by_user_id', '=', adminId).execute();
  await app?.close();
  await simulator?.close();
});

interface ForeignKey {
  table_name: string;
  column_name: string;
  foreign_table_name: string;
}

describe('export coverage', () => {
  it('exports or explicitly excludes every column that ties rows to a user, directly or through an exported row', async () => {
    const foreignKeys = (
      await sql<ForeignKey>`
        SELECT kcu.table_name, kcu.column_name, ccu.table_name AS foreign_table_name
        FROM information_schema.table_constraints tc
        JOIN information_schema.key_column_usage kcu
          ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
        JOIN information_schema.constraint_column_usage ccu
          ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
        WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public'
      `.execute(app.db)
    ).rows;
    // Columns holding a user's id without a foreign key (kept past the account, or technical) count too.
    const userIdColumns = (
      await sql<{ table_name: string; column_name: string }>`
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name LIKE '%user\\_id'
      `.execute(app.db)
    ).rows.map((c) => `${c.table_name}.${c.column_name}`);

    // From users outwards: a column pointing at users or at a table the export holds rows of must be listed;
    // an exported column's table is then followed in turn.
    const exportedTables = new Set(['users']);
    const found = new Set<string>(['users.id', ...userIdColumns]);
    for (let grown = true; grown;) {
      grown = false;
      for (const fk of foreignKeys) {
        const column = `${fk.table_name}.${fk.column_name}`;
        if (exportedTables.has(fk.foreign_table_name)) found.add(column);
      }
      for (const column of found) {
        const table = column.split('.')[0]!;
        if (column in EXPORTED_COLUMNS && !exportedTables.has(table)) {
          exportedTables.add(table);
          grown = true;
        }
      }
    }
    const unlisted = [...found].filter((c) => !(c in EXPORTED_COLUMNS) && !(c in NOT_EXPORTED_COLUMNS));
    expect(unlisted, 'add these to EXPORTED_COLUMNS or NOT_EXPORTED_COLUMNS').toEqual([]);
    const stale = [...Object.keys(EXPORTED_COLUMNS), ...Object.keys(NOT_EXPORTED_COLUMNS)].filter(
      (c) => !found.has(c),
    );
    expect(stale, 'listed but not a user column of the schema').toEqual([]);
    expect(Object.keys(EXPORTED_COLUMNS).filter((c) => c in NOT_EXPORTED_COLUMNS)).toEqual([]);

    // Every file the coverage names is in the zip, and the README lists each file.
    const user = await createUser(app.db, app.config);
    const response = await app.inject({
      url: '/api/user/export',
      headers: { authorization: await createSessionToken(app, user.id) },
    });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const readme = strFromU8(files['README.txt']!);
    for (const file of new Set(Object.values(EXPORTED_COLUMNS))) {
      expect(Object.keys(files), file).toContain(file);
    }
    for (const file of Object.keys(files).filter((f) => f !== 'README.txt')) {
      expect(readme, file).toContain(`- ${file}: `);
    }
  });
});

describe('data export content', () => {
  it('holds payment details, card payments with receipts, answers, bookings, pictures, feedback answers and settings', async () => {
    const pn = createPersonalNumber();
    const billingPn = createPersonalNumber();
    const user = await createUser(app.db, app.config, {
      locale: 'en',
      personalNumber: pn,
      firstName: 'Ingrid',
      lastName: 'Vikström',
    });
    const headers = { authorization: await createSessionToken(app, user.id), 'accept-language': 'en' };
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = headers) =>
      app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });
    const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
      const answer = await response;
      expect(answer.statusCode, answer.body).toBe(200);
      return answer;
    };

    // Settings, profile with a picture, and a referee's answer.
    await ok(call('POST', '/api/user', { settings: { notifications: { marketing: true } } }));
    const {
      firstName: _f,
      lastName: _l,
      isSearchable: _s,
      ...profileInput
    } = buildProfileInput({ firstName: 'Ingrid', lastName: 'Vikström' });
    await ok(call('PUT', '/api/profile', profileInput));
    const picture = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    const { payload, headers: formHeaders } = multipartFile({
      bytes: picture,
      filename: 'me.jpg',
      contentType: 'image/jpeg',
    });
    const uploaded = await ok(
      app.inject({
        method: 'POST',
        url: '/api/profile/picture',
        headers: { ...headers, ...formHeaders },
        payload,
      }),
    );
    const pictureKey = JSON.parse(uploaded.body).picture.key as string;
    const experience = await app.db
      .selectFrom('experiences')
      .innerJoin('profiles', 'profiles.id', 'experiences.profile_id')
      .select('experiences.id')
      .where('profiles.user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('experience_references')
      .values({
        experience_id: experience.id,
        first_name: 'Rut',
        last_name: 'Referent',
        email: `rut-${randomUUID().slice(0, 8)}@example.se`,
        token_hash: createHash('sha256').update(randomUUID()).digest('hex'),
        status: 'approved',
        rating: 5,
        review: 'Reliable and thorough',
        comment: 'Keep it up',
        requested_at: new Date(),
        responded_at: new Date(),
      })
      .execute();

    // Payment details, a card from the hosted form, the Full Coach Package paid by card, all 36 answers.
    await ok(
      call('POST', '/api/store/ipu', {
        billingName: 'Ingrid Vikström',
        addressLine: 'Storgatan 12',
        postalCode: '411 38',
        city: 'Göteborg',
        personalNumber: billingPn,
      }),
    );
    const token = await tokeniseCard(simulator.url, '4242424242424242');
    await ok(call('POST', '/api/payment/cards', { token }));
    const bought = await call('POST', '/api/assessment/purchase', { package: 'full_coach' });
    expect(bought.json()).toMatchObject({ status: 'succeeded' });
    const receipt = await app.db
      .selectFrom('payments')
      .select('receipt_number')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(receipt.receipt_number).toBeTruthy();
    for (let n = 1; n <= 36; n++) {
      await ok(call('PUT', `/api/assessment/answers/${n}`, { value: (n % 5) + 1 }));
    }

    // A coach session on a slot an admin offers.
    const startsAt = new Date(Date.now() + 30 * 86_400_000);
    startsAt.setUTCSeconds(0, 0);
    const adminHeaders = { authorization: adminToken, 'accept-language': 'en' };
    const slots = await ok(
      call(
        'POST',
        '/api/admin/coach-slots',
        { startsAt: startsAt.toISOString(), durationMinutes: 60 },
        adminHeaders,
      ),
    );
    const slot = JSON.parse(slots.body).slots.find(
      (s: { startsAt: string }) => s.startsAt === startsAt.toISOString(),
    );
    await ok(call('POST', '/api/assessment/coach-session', { slotId: slot.id }));

    // Feedback, answered by an admin.
    const sent = await ok(call('POST', '/api/feedback', { message: 'Could the export hold everything?' }));
    await ok(
      call(
        'PUT',
        `/api/admin/feedback/${JSON.parse(sent.body).id}`,
        { answer: 'It does now, thank you.' },
        adminHeaders,
      ),
    );

    // Someone else's data next to it.
    const other = await createUser(app.db, app.config, { firstName: 'Gunnar', lastName: 'Främling' });
    await app.db
      .insertInto('feedback')
      .values({ user_id: other.id, message: 'Not the exporter’s feedback' })
      .execute();

    const response = await call('GET', '/api/user/export');
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const read = (name: string) => JSON.parse(strFromU8(files[name]!));

    const account = read('account.json');
    expect(account).toMatchObject({
      id: user.id,
      national_identity_number: pn,
      settings: { notifications: { marketing: true }, platform: { isSearchable: true } },
    });

    const payments = read('payments.json');
    expect(payments.details).toMatchObject({
      billing_name: 'Ingrid Vikström',
      address_line: 'Storgatan 12',
      city: 'Göteborg',
      organisation_number: null,
      personal_number: billingPn,
    });
    expect(payments.cards).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242' })]);
    expect(payments.payments).toEqual([
      expect.objectContaining({
        purpose: 'assessment',
        assessment_package: 'full_coach',
        status: 'succeeded',
        receipt_number: receipt.receipt_number,
        card_last4: '4242',
      }),
    ]);

    const [order] = read('assessments.json');
    expect(order).toMatchObject({ package: 'full_coach', status: 'purchased' });
    expect(order.answers).toHaveLength(36);
    expect(order.answers[0]).toMatchObject({ question: 1, answer: { value: 2 } });
    expect(order.coachSessions).toEqual([
      expect.objectContaining({
        cancelledAt: null,
        startsAt: expect.stringContaining(startsAt.toISOString().slice(0, 16)),
      }),
    ]);

    expect(read('feedback.json')).toEqual([
      expect.objectContaining({
        message: 'Could the export hold everything?',
        status: 'answered',
        answer: 'It does now, thank you.',
      }),
    ]);

    expect(read('files.json')).toEqual([
      expect.objectContaining({
        key: pictureKey,
        kind: 'picture',
        content_type: 'image/webp',
        path: `files/${pictureKey}`,
      }),
    ]);
    const stored = await app.db
      .selectFrom('uploads')
      .select('bytes')
      .where('key', '=', pictureKey)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(files[`files/${pictureKey}`]!).equals(stored.bytes)).toBe(true);

    // References as the consultant's own profile page shows them: the referee without the answer, and the
    // answer without the referee.
    const [exported] = read('profile.json').experiences.filter(
      (x: { references: unknown[] }) => x.references.length > 0,
    );
    expect(exported.references).toEqual([expect.objectContaining({ firstName: 'Rut', status: 'approved' })]);
    expect(exported.references[0]).not.toHaveProperty('review');
    expect(exported.approvedReferences.reviews).toEqual([{ rating: 5, review: 'Reliable and thorough' }]);
    expect(exported.refereeNotes).toEqual(['Keep it up']);

    // The README is in the user's language first and lists every file.
    const readme = strFromU8(files['README.txt']!);
    expect(readme.startsWith('Konsultmarknaden - your data')).toBe(true);
    expect(readme).toContain('- payments.json: payment details');

    const text = Object.entries(files)
      .filter(([name]) => name.endsWith('.json') || name.endsWith('.txt'))
      .map(([, f]) => strFromU8(f))
      .join('\n');
    for (const foreign of [
      other.id,
      other.email!,
      'Gunnar',
      'Främling',
      'Not the exporter’s feedback',
      adminId,
    ]) {
      expect(text, foreign).not.toContain(foreign);
    }
    const secrets = await app.db
      .selectFrom('assessment_orders')
      .select(['link_token', 'payment_reference'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const cardToken = await app.db
      .selectFrom('payment_methods')
      .select('provider_token')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    for (const secret of [
      'scrypt$',
      'password_hash',
      'token_hash',
      'national_identity_number_hash',
      'personal_number_encrypted',
      'jti',
      'order_ref',
      user.password!,
      secrets.link_token,
      secrets.payment_reference!,
      cardToken.provider_token,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });
  it("holds a company admin's effective permissions and the contracts they created, sent or sign", async () => {
    const user = await createUser(app.db, app.config, { isPremium: true });
    const token = await createSessionToken(app, user.id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { authorization: token },
      payload: {
        businessName: 'Exportbolaget AB',
        businessType: 'limited_company',
        organisationNumber: '556677-8899',
        vatNumber: 'SE556677889901',
        website: '',
        address: 'Storgatan 1, 111 22 Stockholm',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const companyId = (created.json() as { company: { id: string } }).company.id;
    const signer = await createUser(app.db, app.config, { firstName: 'Sigrid', lastName: 'Signerare' });
    const sender = await createUser(app.db, app.config);
    const contract = (values: { name: string; status: 'draft' | 'sent' }, ids: object) =>
      app.db
        .insertInto('contracts')
        .values({ company_id: companyId, ...values, ...ids })
        .execute();
    await contract(
      { name: 'Skickat avtal', status: 'sent' },
      {
        signer_user_id: signer.id,
        signer_email: signer.email,
        delegate_user_id: user.id,
        sent_at: new Date(),
      },
    );
    await contract(
      { name: 'Avtal till e-post', status: 'sent' },
      { signer_email: 'extern-undertecknare@example.se', delegate_user_id: user.id, sent_at: new Date() },
    );
    await contract(
      { name: 'Utkast', status: 'draft' },
      { signer_email: 'extern-undertecknare@example.se', delegate_user_id: user.id },
    );
    await contract(
      { name: 'Mitt uppdrag', status: 'sent' },
      { signer_user_id: user.id, signer_email: user.email, delegate_user_id: sender.id, sent_at: new Date() },
    );
    await contract(
      { name: 'Någon annans', status: 'draft' },
      { signer_user_id: signer.id, signer_email: signer.email, delegate_user_id: sender.id },
    );

    // A removal of the user (a fixture: in the app a removed user is no longer a member) and one by the user.
    await app.db
      .insertInto('company_removed_members')
      .values([
        { company_id: companyId, user_id: user.id, removed_by_user_id: sender.id },
        { company_id: companyId, user_id: signer.id, removed_by_user_id: user.id },
      ])
      .execute();

    const response = await app.inject({ url: '/api/user/export', headers: { authorization: token } });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const read = (name: string) => JSON.parse(strFromU8(files[name]!));

    // As the API reports an admin's permissions: all of them. The removal says which company and when, not who.
    expect(read('companies.json')).toEqual({
      memberships: [
        expect.objectContaining({
          business_name: 'Exportbolaget AB',
          role: 'admin',
          permissions: ['manage_members', 'manage_projects', 'manage_contracts', 'view_billing'],
        }),
      ],
      removals: [
        {
          business_name: 'Exportbolaget AB',
          organisation_number: '556677-8899',
          removed_at: expect.any(String),
        },
      ],
    });
    for (const foreign of [sender.id, signer.id]) {
      expect(strFromU8(files['companies.json']!), foreign).not.toContain(foreign);
    }
    const contracts = read('contracts.json') as { name: string; is_sender: boolean; is_signer: boolean }[];
    expect(contracts.map((c) => [c.name, c.is_sender, c.is_signer])).toEqual([
      ['Skickat avtal', true, false],
      ['Avtal till e-post', true, false],
      ['Utkast', true, false],
      ['Mitt uppdrag', false, true],
    ]);
    expect(contracts[3]).toMatchObject({ company: 'Exportbolaget AB', signer_email: user.email });
    // The signer's address of a contract the user sent is the signer's.
    const text = strFromU8(files['contracts.json']!);
    for (const foreign of [signer.id, signer.email!, 'extern-undertecknare@example.se', sender.id]) {
      expect(text, foreign).not.toContain(foreign);
    }
  });
});
