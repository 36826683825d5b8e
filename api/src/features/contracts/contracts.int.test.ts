import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { useTestApp } from '@mp/test-support/test-app';
import {
  controlSimulatedOrder,
  createContractPdf,
  findFreePort,
  findSimulatedOrder,
} from '@mp/test-support/contract-fixtures';
import { multipartBody } from '@mp/test-support/multipart';
import { createEmail, createPersonalNumber } from '@mp/test-support/factories';
import { outboxRowsTo, waitForTriedMails } from '@mp/test-support/mail-outbox';
import { waitForMailAbout } from '@mp/test-support/mail-sink';
import { signWebhookPayload } from '../signing/signing-webhook-signature';

// Against the real signing simulator (npm run services): the app listens on a port of its own, so the
// simulator's webhooks reach it.
const api = useTestApp(async () => {
  const port = await findFreePort();
  const app = await buildTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
});
let pdf: Buffer;
beforeAll(async () => {
  pdf = await createContractPdf();
});

const { call } = api;
const loggedIn = api.createLoggedInUser;

interface Contract {
  id: string;
  status: string;
  fileSha256: string;
  signedFileSha256: string | null;
  signer: { userId: string | null; email: string | null };
  delegate: { userId: string | null };
}

/** A premium admin with a company, and a member (with a personal number) who will sign. */
async function companyWithSigner() {
  const admin = await loggedIn({ isPremium: true });
  const created = await call('POST', '/api/companies', admin.token, {
    businessName: 'Avtal AB',
    businessType: 'limited_company',
    organisationNumber: '556677-8899',
  });
  const companyId = (created.json() as { company: { id: string } }).company.id;
  const signer = await loggedIn({ personalNumber: createPersonalNumber() });
  const { link } = (await call('GET', `/api/company/${companyId}/link`, admin.token)).json() as {
    link: string;
  };
  expect((await call('POST', `/api/company/link/${link}`, signer.token)).statusCode).toBe(200);
  return { admin, signer, companyId };
}

async function upload(
  token: string,
  companyId: string,
  fields: Record<string, string>,
  file = { bytes: pdf, filename: 'avtal.pdf', contentType: 'application/pdf' },
  language = 'en',
) {
  const { payload, headers } = multipartBody(fields, file);
  return api.app.inject({
    method: 'POST',
    url: `/api/company/${companyId}/contracts`,
    payload,
    headers: { ...headers, authorization: token, 'accept-language': language },
  });
}

async function draft(token: string, companyId: string, fields: Record<string, string>): Promise<Contract> {
  const response = await upload(token, companyId, fields);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { contract: Contract }).contract;
}

async function send(token: string, companyId: string, contractId: string): Promise<Contract> {
  const response = await call('POST', `/api/company/${companyId}/contracts/${contractId}/send`, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { contract: Contract }).contract;
}

async function statusOf(contractId: string) {
  return (
    await api.app.db
      .selectFrom('contracts')
      .select('status')
      .where('id', '=', contractId)
      .executeTakeFirstOrThrow()
  ).status;
}

async function auditTrail(contractId: string) {
  const rows = await api.app.db
    .selectFrom('audit_log')
    .select(['action', 'data'])
    .where('subject_type', '=', 'contract')
    .where('subject_id', '=', contractId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describe('contract upload', () => {
  it('stores a PDF draft with its hash; the creator is the delegate', async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    const contract = await draft(admin.token, companyId, { name: 'Uppdrag 1', signerUserId: signer.id });
    expect(contract).toMatchObject({
      status: 'draft',
      fileSha256: createHash('sha256').update(pdf).digest('hex'),
      signer: { userId: signer.id },
      delegate: { userId: admin.id },
    });
    const document = await call('GET', `/api/contracts/${contract.id}/document`, admin.token);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(document.rawPayload, pdf)).toBe(0);
    // The signer does not see a draft.
    expect((await call('GET', `/api/contracts/${contract.id}/document`, signer.token)).statusCode).toBe(403);
    expect(await auditTrail(contract.id)).toEqual(['contract.draft']);

    // Nor one cancelled before it was ever sent: it never reached them.
    const cancel = `/api/company/${companyId}/contracts/${contract.id}/cancel`;
    expect((await call('POST', cancel, admin.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/contracts/${contract.id}/document`, signer.token)).statusCode).toBe(403);
    const visible = (await call('GET', '/api/contracts', signer.token)).json() as {
      contracts: { id: string }[];
    };
    expect(visible.contracts.map((c) => c.id)).not.toContain(contract.id);
  });

  it('refuses anything that is not a PDF by its content, whatever its name and type, in both languages', async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const en = await upload(
      admin.token,
      companyId,
      { signerUserId: signer.id },
      {
        bytes: png,
        filename: 'avtal.pdf',
        contentType: 'application/pdf',
      },
    );
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      code: 'CONTRACT_MUST_BE_PDF',
      errorMessage: 'The contract must be a PDF file',
    });
    const sv = await upload(
      admin.token,
      companyId,
      { signerUserId: signer.id },
      { bytes: Buffer.from('hello'), filename: 'avtal.txt', contentType: 'text/plain' },
      'sv',
    );
    expect(sv.json()).toEqual({
      code: 'CONTRACT_MUST_BE_PDF',
      errorMessage: 'Avtalet måste vara en PDF-fil',
    });
    // A PDF is a PDF whatever the browser called it.
    const renamed = await upload(
      admin.token,
      companyId,
      { signerUserId: signer.id },
      {
        bytes: pdf,
        filename: 'avtal.bin',
        contentType: 'application/octet-stream',
      },
    );
    expect(renamed.statusCode).toBe(200);
  });

  it('downloads a file whose name is not ASCII', async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    const response = await upload(
      admin.token,
      companyId,
      { signerUserId: signer.id },
      {
        bytes: pdf,
        filename: 'avtal-åäö-東京.pdf',
        contentType: 'application/pdf',
      },
    );
    const { contract } = response.json() as { contract: Contract };
    const document = await call('GET', `/api/contracts/${contract.id}/document`, admin.token);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-disposition']).toBe(
      `attachment; filename="avtal-aao-.pdf"; filename*=UTF-8''${encodeURIComponent('avtal-åäö-東京.pdf')}`,
    );
  });

  it('needs a signer, premium, and a member as signer when one is picked', async () => {
    const { admin, companyId } = await companyWithSigner();
    expect((await upload(admin.token, companyId, {})).json()).toMatchObject({
      code: 'CONTRACT_SIGNER_REQUIRED',
    });
    expect((await upload(admin.token, companyId, { signerUserId: randomUUID() })).statusCode).toBe(404);
    await api.app.db.updateTable('users').set({ is_premium: false }).where('id', '=', admin.id).execute();
    const response = await upload(admin.token, companyId, { signerEmail: createEmail() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });
  });
  it("refuses bad fields in the standard shape, at the field, in the request's language", async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    const longName = 'Å'.repeat(201);
    const en = await upload(admin.token, companyId, { name: longName, signerUserId: signer.id });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      code: 'VALIDATION_FAILED',
      errorMessage: 'Cannot be longer than 200 characters',
      data: {
        issues: [
          { field: 'name', code: 'validation.maxLength', message: 'Cannot be longer than 200 characters' },
        ],
      },
    });
    const sv = await upload(
      admin.token,
      companyId,
      { name: longName, signerUserId: signer.id },
      undefined,
      'sv',
    );
    expect(sv.json()).toEqual({
      code: 'VALIDATION_FAILED',
      errorMessage: 'Får inte vara längre än 200 tecken',
      data: {
        issues: [
          { field: 'name', code: 'validation.maxLength', message: 'Får inte vara längre än 200 tecken' },
        ],
      },
    });
    // 200 characters is the limit, not past it.
    expect(
      (await upload(admin.token, companyId, { name: 'Å'.repeat(200), signerUserId: signer.id })).statusCode,
    ).toBe(200);

    const spaces = await upload(
      admin.token,
      companyId,
      { name: '   ', signerUserId: signer.id },
      undefined,
      'sv',
    );
    expect(spaces.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { issues: [{ field: 'name', message: 'Får inte bara innehålla mellanslag' }] },
    });
    // Control characters are refused as in a JSON body (a NUL would otherwise reach Postgres).
    const control = await upload(admin.token, companyId, { name: 'Avtal\u0000', signerUserId: signer.id });
    expect(control.statusCode).toBe(400);
    expect(control.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { issues: [{ field: 'name', code: 'validation.forbiddenCharacters' }] },
    });
    const email = await upload(admin.token, companyId, { signerEmail: 'not-an-address' }, undefined, 'sv');
    expect(email.json()).toEqual({
      code: 'VALIDATION_FAILED',
      errorMessage: 'Ogiltig e-postadress',
      data: {
        issues: [{ field: 'signerEmail', code: 'validation.invalidEmail', message: 'Ogiltig e-postadress' }],
      },
    });
  });

  it("files the contract under one of the company's projects", async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    const created = await call('POST', `/api/company/${companyId}/projects`, admin.token, {
      name: 'Kundportalen',
    });
    const { project } = created.json() as { project: { id: string } };
    const contract = await draft(admin.token, companyId, { signerUserId: signer.id, projectId: project.id });
    expect(contract).toMatchObject({ projectId: project.id, projectName: 'Kundportalen' });
    const listed = (await call('GET', '/api/contracts', admin.token)).json() as {
      contracts: { id: string; projectName: string | null }[];
    };
    expect(listed.contracts.find((c) => c.id === contract.id)?.projectName).toBe('Kundportalen');

    // Another company's project is not one of this company's.
    const other = await companyWithSigner();
    const foreign = await upload(other.admin.token, other.companyId, {
      signerUserId: other.signer.id,
      projectId: project.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });
});

describe('editing a draft (QA5 F3)', () => {
  const edit = (token: string, companyId: string, contractId: string, body: object, language = 'en') =>
    api.app.inject({
      method: 'POST',
      url: `/api/company/${companyId}/contracts/${contractId}/update`,
      payload: body,
      headers: { authorization: token, 'accept-language': language },
    });

  it("changes a draft's name, project and signer until it is sent, audited; then 409", async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    const { project } = (
      await call('POST', `/api/company/${companyId}/projects`, admin.token, { name: 'Kundportalen' })
    ).json() as { project: { id: string } };
    const contract = await draft(admin.token, companyId, { name: 'Fel namn', signerUserId: admin.id });

    const changed = await edit(
      admin.token,
      companyId,
      contract.id,
      { name: 'Ramavtal', projectId: project.id, signerUserId: signer.id, signerEmail: null },
      'sv',
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Avtalet har sparats',
      contract: {
        id: contract.id,
        status: 'draft',
        name: 'Ramavtal',
        projectId: project.id,
        projectName: 'Kundportalen',
        signer: { userId: signer.id },
      },
    });

    // To an e-mail signer, without a project.
    const toEmail = await edit(admin.token, companyId, contract.id, {
      name: 'Ramavtal',
      projectId: null,
      signerUserId: null,
      signerEmail: 'extern@example.se',
    });
    expect(toEmail.json()).toMatchObject({
      message: 'The contract was saved',
      contract: { projectId: null, signer: { userId: null, email: 'extern@example.se' } },
    });
    expect(await auditTrail(contract.id)).toEqual(['contract.draft', 'contract.updated', 'contract.updated']);

    // Refusals: no signer, a bad address, someone who is not a member, another company's project.
    const body = { name: 'Ramavtal', projectId: null, signerUserId: null, signerEmail: null };
    expect((await edit(admin.token, companyId, contract.id, body)).json()).toMatchObject({
      code: 'CONTRACT_SIGNER_REQUIRED',
    });
    expect(
      (await edit(admin.token, companyId, contract.id, { ...body, signerEmail: 'inte-en-adress' })).json(),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    const outsider = await loggedIn();
    expect(
      (await edit(admin.token, companyId, contract.id, { ...body, signerUserId: outsider.id })).json(),
    ).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    const other = await companyWithSigner();
    const { project: foreign } = (
      await call('POST', `/api/company/${other.companyId}/projects`, other.admin.token, { name: 'X' })
    ).json() as { project: { id: string } };
    expect(
      (
        await edit(admin.token, companyId, contract.id, {
          ...body,
          signerUserId: signer.id,
          projectId: foreign.id,
        })
      ).json(),
    ).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    // Another company's admin does not find it; a member without manage_contracts may not.
    expect((await edit(other.admin.token, companyId, contract.id, body)).statusCode).toBe(404);
    const plain = await edit(signer.token, companyId, contract.id, { ...body, signerUserId: signer.id });
    expect(plain.statusCode).toBe(403);

    // Once sent it is no longer a draft.
    await edit(admin.token, companyId, contract.id, { ...body, signerUserId: signer.id });
    await send(admin.token, companyId, contract.id);
    const late = await edit(admin.token, companyId, contract.id, { ...body, signerUserId: signer.id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'CONTRACT_STATUS_CONFLICT',
      errorMessage: 'The contract has been sent for signing and can no longer be changed',
    });
  });
});

describe("a contract's modified time (QA5 F15)", () => {
  it('is not changed when its project is deleted', async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    const { project } = (
      await call('POST', `/api/company/${companyId}/projects`, admin.token, { name: 'Tillfälligt' })
    ).json() as { project: { id: string } };
    const contract = await draft(admin.token, companyId, { signerUserId: signer.id, projectId: project.id });
    expect(
      (await call('POST', `/api/company/${companyId}/contracts/${contract.id}/cancel`, admin.token))
        .statusCode,
    ).toBe(200);
    const before = new Date('2026-01-02T03:04:05Z');
    await api.app.db
      .updateTable('contracts')
      .set({ updated_at: before })
      .where('id', '=', contract.id)
      .execute();
    const deleted = await call('DELETE', `/api/company/${companyId}/projects/${project.id}`, admin.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const listed = (await call('GET', `/api/company/${companyId}/contracts`, admin.token)).json() as {
      contracts: { id: string; projectId: string | null; modifiedAt: string }[];
    };
    expect(listed.contracts.find((c) => c.id === contract.id)).toMatchObject({
      projectId: null,
      modifiedAt: before.toISOString(),
    });
  });
});

describe('signing through the digital-mailbox simulator', () => {
  it('goes draft -> sent -> signed; both parties download the signed PDF; each step is audited', async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    const contract = await draft(admin.token, companyId, { name: 'Ramavtal', signerUserId: signer.id });
    const sent = await send(admin.token, companyId, contract.id);
    expect(sent.status).toBe('sent');

    const order = await findSimulatedOrder(contract.id);
    expect(order.signer.byNationalIdentityNumber).toBe(true);
    const { delivery } = await controlSimulatedOrder(order.id, 'sign');
    expect(delivery.httpStatus).toBe(200);
    expect(await statusOf(contract.id)).toBe('signed');

    const signerList = (await call('GET', '/api/agreements', signer.token)).json() as {
      contracts: Contract[];
    };
    const agreement = signerList.contracts.find((c) => c.id === contract.id);
    expect(agreement?.status).toBe('signed');
    for (const token of [admin.token, signer.token]) {
      const signed = await call('GET', `/api/contracts/${contract.id}/signed-document`, token);
      expect(signed.statusCode).toBe(200);
      expect(signed.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(signed.headers['x-content-sha256']).toBe(agreement?.signedFileSha256);
      expect(createHash('sha256').update(signed.rawPayload).digest('hex')).toBe(agreement?.signedFileSha256);
    }
    expect(await auditTrail(contract.id)).toEqual(['contract.draft', 'contract.sent', 'contract.signed']);

    // The sender (the delegate) is told, once, in their language (QA5 F16).
    const [mail] = await waitForTriedMails(api.app, [admin.email ?? ''], 1);
    expect(mail).toMatchObject({ template: 'contractOutcome', locale: 'sv' });
    expect(mail?.params).toMatchObject({ contractName: 'Ramavtal', outcome: 'signed' });

    // Only legal transitions: a signed contract can neither be sent again nor cancelled.
    const again = await call('POST', `/api/company/${companyId}/contracts/${contract.id}/send`, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONTRACT_STATUS_CONFLICT',
      errorMessage: 'The contract has been signed and can no longer be sent for signing',
    });
    const cancel = await call(
      'POST',
      `/api/company/${companyId}/contracts/${contract.id}/cancel`,
      admin.token,
    );
    expect(cancel.statusCode).toBe(409);
  });

  it('mails the signer, in their language, that the contract waits for their signature, and how to sign', async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    await api.app.db.updateTable('users').set({ locale: 'en' }).where('id', '=', signer.id).execute();
    const contract = await draft(admin.token, companyId, { name: 'Ramavtal', signerUserId: signer.id });
    // Not before it is sent: a draft does not reach its signer.
    expect(await outboxRowsTo(api.app, [signer.email ?? ''])).toEqual([]);
    const sent = await send(admin.token, companyId, contract.id);
    expect(sent).toMatchObject({ signingVia: 'bankid', isSigner: false });

    const [row] = await waitForTriedMails(api.app, [signer.email ?? ''], 1);
    expect(row).toMatchObject({ template: 'contractSigningRequested', locale: 'en', status: 'sent' });
    expect(row?.params).toMatchObject({ contractName: 'Ramavtal', companyName: 'Avtal AB', via: 'bankid' });
    const mail = await waitForMailAbout(signer.email ?? '', /^Sign the contract Ramavtal from Avtal AB$/);
    expect(mail.Text).toContain('sign with BankID');
    expect(mail.Text).toContain(`${api.app.config.PUBLIC_URL}/en/app/contracts`);

    // The signer's list says it is theirs to sign; the company's does not.
    const mine = (await call('GET', '/api/contracts', signer.token)).json() as {
      contracts: (Contract & { isSigner: boolean; signingVia: string })[];
    };
    expect(mine.contracts.find((c) => c.id === contract.id)).toMatchObject({
      isSigner: true,
      signingVia: 'bankid',
    });

    // An e-mail signer without an account: to that address, in the sender's language, by signing link.
    const address = createEmail();
    const byEmail = await draft(admin.token, companyId, { name: 'Bilaga', signerEmail: address });
    const response = await call(
      'POST',
      `/api/company/${companyId}/contracts/${byEmail.id}/send`,
      admin.token,
      undefined,
      'sv',
    );
    expect(response.statusCode, response.body).toBe(200);
    const [emailRow] = await waitForTriedMails(api.app, [address], 1);
    expect(emailRow).toMatchObject({ template: 'contractSigningRequested', locale: 'sv' });
    expect(emailRow?.params).toMatchObject({ contractName: 'Bilaga', via: 'email' });
    const svMail = await waitForMailAbout(address, /^Signera avtalet Bilaga från Avtal AB$/);
    expect(svMail.Text).toContain('signeringslänk');
    // Without an account the contracts page is closed to them: the provider's link is all they need (QA12 F4).
    expect(emailRow?.params).toMatchObject({ hasAccount: false });
    expect(svMail.Text).toContain('du behöver inget konto hos oss');
    expect(svMail.Text).not.toContain('Under Avtal');
    expect(svMail.Text).not.toContain('/app/contracts');
    // A member keeps the link to the contracts page.
    expect(row?.params).toMatchObject({ hasAccount: true });
  });

  it('ignores a replayed webhook and refuses forged or stale ones', async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    const contract = await draft(admin.token, companyId, { signerUserId: signer.id });
    await send(admin.token, companyId, contract.id);
    const order = await findSimulatedOrder(contract.id);

    // Forged: a "declined" event signed with the wrong secret, then one with a stale timestamp.
    const forgedBody = JSON.stringify({
      eventId: randomUUID(),
      type: 'signing_order.declined',
      orderId: order.id,
      reference: contract.id,
      occurredAt: new Date().toISOString(),
    });
    const now = Math.floor(Date.now() / 1000);
    const post = (timestamp: number, signature: string, body = forgedBody) =>
      api.app.inject({
        method: 'POST',
        url: '/api/signing/webhook',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-signing-timestamp': String(timestamp),
          'x-signing-signature': signature,
        },
      });
    const forged = await post(now, signWebhookPayload('not-the-webhook-secret', now, forgedBody));
    expect(forged.statusCode).toBe(400);
    // The same answer as the card provider's webhook gives a bad signature.
    expect(forged.json()).toMatchObject({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      errorMessage: 'Ogiltig signatur på webhooken',
    });
    const stale = now - 3600;
    expect(
      (await post(stale, signWebhookPayload(api.app.config.SIGNING_WEBHOOK_SECRET, stale, forgedBody)))
        .statusCode,
    ).toBe(400);
    expect((await post(now, 'v1=deadbeef')).statusCode).toBe(400);
    expect(await statusOf(contract.id)).toBe('sent');

    // A correctly signed event whose claim the provider does not confirm changes nothing either: the status
    // is read from the provider, which still says pending.
    const unconfirmed = await post(
      now,
      signWebhookPayload(api.app.config.SIGNING_WEBHOOK_SECRET, now, forgedBody),
    );
    expect(unconfirmed.json()).toEqual({ received: true, duplicate: false, applied: false });
    expect(await statusOf(contract.id)).toBe('sent');

    await controlSimulatedOrder(order.id, 'sign');
    expect(await statusOf(contract.id)).toBe('signed');
    const trail = await auditTrail(contract.id);
    const replay = await controlSimulatedOrder(order.id, 'redeliver');
    expect(replay.delivery.httpStatus).toBe(200);
    expect(await statusOf(contract.id)).toBe('signed');
    expect(await auditTrail(contract.id)).toEqual(trail);
    const events = await api.app.db
      .selectFrom('signing_webhook_events')
      .select('event_id')
      .where('order_reference', '=', order.id)
      .execute();
    expect(events).toHaveLength(2);
  });

  it.each([
    ['decline', 'declined'],
    ['expire', 'expired'],
  ] as const)('records a signer who lets it %s as %s', async (action, status) => {
    const { admin, signer, companyId } = await companyWithSigner();
    await api.app.db.updateTable('users').set({ locale: 'en' }).where('id', '=', admin.id).execute();
    await api.app.db.updateTable('users').set({ locale: 'sv' }).where('id', '=', signer.id).execute();
    const contract = await draft(admin.token, companyId, { signerUserId: signer.id });
    await send(admin.token, companyId, contract.id);
    await controlSimulatedOrder((await findSimulatedOrder(contract.id)).id, action);
    expect(await statusOf(contract.id)).toBe(status);
    expect((await call('GET', `/api/contracts/${contract.id}/signed-document`, admin.token)).statusCode).toBe(
      404,
    );
    expect(await auditTrail(contract.id)).toEqual(['contract.draft', 'contract.sent', `contract.${status}`]);
    // Both are told to the sender in their language (QA5 F16, QA12 F3: an order that ran out too).
    const [mail] = await waitForTriedMails(api.app, [admin.email ?? ''], 1);
    expect([mail?.template, mail?.locale, (mail?.params as { outcome?: string }).outcome]).toEqual([
      'contractOutcome',
      'en',
      status,
    ]);
    // The signer, who was asked to sign, is told in their language when it ran out; a decline was their own.
    const toSigner = await waitForTriedMails(api.app, [signer.email ?? ''], status === 'expired' ? 2 : 1);
    expect(toSigner.map((row) => [row.template, row.locale])).toEqual(
      status === 'expired'
        ? [
            ['contractSigningRequested', 'sv'],
            ['contractSigningClosed', 'sv'],
          ]
        : [['contractSigningRequested', 'sv']],
    );
    if (status === 'expired') {
      const sender = await waitForMailAbout(admin.email ?? '', /^The contract .+ has expired unsigned$/);
      expect(sender.Text).toContain('Under Contracts you can copy it to a new draft and send it again.');
      const closed = await waitForMailAbout(
        signer.email ?? '',
        /^Tiden för att signera avtalet .+ från Avtal AB har gått ut$/,
      );
      expect(closed.Text).toContain(`${api.app.config.PUBLIC_URL}/sv/app/contracts`);
    }
  });

  it('cancels a sent contract at the provider, and polls when a webhook was missed', async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    const first = await draft(admin.token, companyId, { signerUserId: signer.id });
    await send(admin.token, companyId, first.id);
    const cancelled = await call(
      'POST',
      `/api/company/${companyId}/contracts/${first.id}/cancel`,
      admin.token,
    );
    expect(cancelled.json()).toMatchObject({ contract: { status: 'cancelled' } });
    expect((await findSimulatedOrder(first.id)).status).toBe('cancelled');
    // The signer, who was asked to sign it, is told it was withdrawn, once (QA12 F3).
    const toSigner = await waitForTriedMails(api.app, [signer.email ?? ''], 2);
    expect(toSigner.map((row) => [row.template, row.locale])).toEqual([
      ['contractSigningRequested', 'sv'],
      ['contractSigningClosed', 'sv'],
    ]);
    expect(toSigner[1]?.params).toMatchObject({ reason: 'cancelled' });
    expect(
      (await waitForMailAbout(signer.email ?? '', /^Avtalet .+ från Avtal AB har dragits tillbaka$/)).Text,
    ).toContain('kan inte längre signeras');

    // An e-mail signer who has an account sees the contract once it is sent.
    const outsideSigner = await loggedIn();
    const second = await draft(admin.token, companyId, { signerEmail: outsideSigner.email ?? '' });
    await send(admin.token, companyId, second.id);
    const seen = (await call('GET', '/api/contracts', outsideSigner.token)).json() as {
      contracts: Contract[];
    };
    expect(seen.contracts.map((c) => c.id)).toEqual([second.id]);

    // The webhook cannot get through (wrong callback): polling picks the outcome up.
    await api.app.db
      .updateTable('contracts')
      .set({ signing_provider_reference: null })
      .where('id', '=', second.id)
      .execute();
    const order = await findSimulatedOrder(second.id);
    await controlSimulatedOrder(order.id, 'sign');
    expect(await statusOf(second.id)).toBe('sent');
    await api.app.db
      .updateTable('contracts')
      .set({ signing_provider_reference: order.id })
      .where('id', '=', second.id)
      .execute();
    const polled = await call(
      'POST',
      `/api/company/${companyId}/contracts/${second.id}/refresh`,
      admin.token,
    );
    expect(polled.json()).toMatchObject({ contract: { status: 'signed' } });
    const signed = await call('GET', `/api/contracts/${second.id}/signed-document`, outsideSigner.token);
    expect(signed.statusCode).toBe(200);
  });
});

describe('telling the signer of a withdrawn contract (QA12 F3)', () => {
  it('mails an e-mail signer without an account in the language they were asked in, without the app link', async () => {
    const { admin, companyId } = await companyWithSigner();
    const address = createEmail();
    const contract = await draft(admin.token, companyId, { name: 'Bilaga', signerEmail: address });
    const sent = await call(
      'POST',
      `/api/company/${companyId}/contracts/${contract.id}/send`,
      admin.token,
      undefined,
      'en',
    );
    expect(sent.statusCode, sent.body).toBe(200);
    // The admin's own page is in Swedish now: the signer still gets English, as they were asked.
    const cancelled = await call(
      'POST',
      `/api/company/${companyId}/contracts/${contract.id}/cancel`,
      admin.token,
      undefined,
      'sv',
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rows = await waitForTriedMails(api.app, [address], 2);
    expect(rows.map((row) => [row.template, row.locale])).toEqual([
      ['contractSigningRequested', 'en'],
      ['contractSigningClosed', 'en'],
    ]);
    expect(rows[1]?.params).toMatchObject({ contractName: 'Bilaga', reason: 'cancelled', link: null });
    const mail = await waitForMailAbout(address, /^The contract Bilaga from Avtal AB has been withdrawn$/);
    expect(mail.Text).not.toContain('/app/contracts');

    // A draft cancelled before it was sent never reached its signer: nothing to tell.
    const other = createEmail();
    const unsent = await draft(admin.token, companyId, { signerEmail: other });
    const cancel = `/api/company/${companyId}/contracts/${unsent.id}/cancel`;
    expect((await call('POST', cancel, admin.token)).statusCode).toBe(200);
    expect(await outboxRowsTo(api.app, [other])).toEqual([]);
  });
});

describe('sending a declined, expired or cancelled contract again (QA12 F5)', () => {
  const copyUrl = (companyId: string, contractId: string) =>
    `/api/company/${companyId}/contracts/${contractId}/copy`;

  it('copies it to a new draft of the same PDF, name, project and signer, which can be sent; audited', async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    const contract = await draft(admin.token, companyId, { name: 'Ramavtal', signerUserId: signer.id });
    await send(admin.token, companyId, contract.id);
    await controlSimulatedOrder((await findSimulatedOrder(contract.id)).id, 'decline');
    expect(await statusOf(contract.id)).toBe('declined');

    const copied = await call('POST', copyUrl(companyId, contract.id), admin.token, undefined, 'sv');
    expect(copied.statusCode, copied.body).toBe(200);
    const { contract: copy, message } = copied.json() as {
      contract: Contract & { name: string };
      message: string;
    };
    expect(message).toBe('Ett nytt utkast av avtalet har skapats: kontrollera undertecknaren och skicka det');
    expect(copy).toMatchObject({
      status: 'draft',
      name: 'Ramavtal',
      fileSha256: contract.fileSha256,
      signer: { userId: signer.id },
      delegate: { userId: admin.id },
    });
    expect(copy.id).not.toBe(contract.id);
    expect(await statusOf(contract.id)).toBe('declined');
    const document = await call('GET', `/api/contracts/${copy.id}/document`, admin.token);
    expect(Buffer.compare(document.rawPayload, pdf)).toBe(0);
    expect(await auditTrail(copy.id)).toEqual(['contract.copied']);
    const [audit] = await api.app.db
      .selectFrom('audit_log')
      .select(['data', 'actor_user_id'])
      .where('subject_id', '=', copy.id)
      .execute();
    expect(audit).toMatchObject({
      actor_user_id: admin.id,
      data: { copiedFrom: contract.id, fromStatus: 'declined' },
    });

    // Sent as any draft: a new signing order, signed this time.
    await send(admin.token, companyId, copy.id);
    const order = await findSimulatedOrder(copy.id);
    await controlSimulatedOrder(order.id, 'sign');
    expect(await statusOf(copy.id)).toBe('signed');
  });

  it('copies an expired or cancelled one too, and refuses any other status in the one error shape, sv and en', async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    const expired = await draft(admin.token, companyId, { signerUserId: signer.id });
    await send(admin.token, companyId, expired.id);
    await controlSimulatedOrder((await findSimulatedOrder(expired.id)).id, 'expire');
    expect((await call('POST', copyUrl(companyId, expired.id), admin.token)).statusCode).toBe(200);
    const cancelled = await draft(admin.token, companyId, { signerEmail: createEmail() });
    await call('POST', `/api/company/${companyId}/contracts/${cancelled.id}/cancel`, admin.token);
    const copy = await call('POST', copyUrl(companyId, cancelled.id), admin.token);
    expect(copy.json()).toMatchObject({
      contract: { status: 'draft', signer: { email: cancelled.signer.email } },
    });

    const open = await draft(admin.token, companyId, { signerUserId: signer.id });
    const en = await call('POST', copyUrl(companyId, open.id), admin.token, undefined, 'en');
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({
      code: 'CONTRACT_STATUS_CONFLICT',
      errorMessage:
        'The contract is a draft: only a declined, expired or cancelled contract can be copied to a new draft',
      data: { from: 'draft', to: 'draft' },
    });
    await send(admin.token, companyId, open.id);
    const sv = await call('POST', copyUrl(companyId, open.id), admin.token, undefined, 'sv');
    expect(sv.statusCode).toBe(409);
    expect(sv.json()).toMatchObject({
      code: 'CONTRACT_STATUS_CONFLICT',
      errorMessage:
        'Avtalet har skickats för underskrift: bara ett avböjt, utgånget eller avbrutet avtal kan kopieras till ett nytt utkast',
    });
    await controlSimulatedOrder((await findSimulatedOrder(open.id)).id, 'sign');
    expect((await call('POST', copyUrl(companyId, open.id), admin.token)).statusCode).toBe(409);
    // Nothing was made by the refusals: two drafts copied, from the expired and the cancelled one.
    const audits = await api.app.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'contract.copied')
      .where('actor_user_id', '=', admin.id)
      .execute();
    expect(audits).toHaveLength(2);

    // Another company's admin: 404; a member without the permission: 403.
    const other = await companyWithSigner();
    expect((await call('POST', copyUrl(companyId, expired.id), other.admin.token)).statusCode).toBe(404);
    expect((await call('POST', copyUrl(companyId, expired.id), signer.token)).statusCode).toBe(403);
  });

  it('carries a member signer who has left over by their e-mail address', async () => {
    const { admin, signer, companyId } = await companyWithSigner();
    const contract = await draft(admin.token, companyId, { signerUserId: signer.id });
    await call('POST', `/api/company/${companyId}/contracts/${contract.id}/cancel`, admin.token);
    const removed = await call('DELETE', `/api/company/${companyId}/users/${signer.id}`, admin.token);
    expect(removed.statusCode, removed.body).toBe(200);
    const copy = await call('POST', copyUrl(companyId, contract.id), admin.token);
    expect(copy.json()).toMatchObject({ contract: { signer: { userId: null, email: signer.email } } });
  });
});
