import type { deleteAccountResponseSchemas } from '@mp/api-contract/account.schema';
import type { updateUserBodySchema } from '@mp/api-contract/users.schema';
import type { z } from 'zod';
import { api, type DownloadedFile } from '../../../lib/api-client';
import { fileNameFromContentDisposition } from '../../../lib/content-disposition';

// Account settings calls (spec section 7).

/** What the settings pages edit (POST user): the API's own body type, whose unknown keys it refuses. */
export type AccountDetails = Pick<
  z.input<typeof updateUserBodySchema>,
  'firstName' | 'lastName' | 'phone' | 'locale' | 'settings'
>;

export function updateAccount(details: AccountDetails): Promise<unknown> {
  return api.post('/user', details);
}

/** Starts an e-mail change; the confirmation link goes to the OLD address. */
export function requestEmailChange(email: string): Promise<unknown> {
  return api.post('/user/settings/email', { email });
}

/** Completes an e-mail change with the token from the link (the API's mailed-link endpoint). */
export function confirmEmailChange(token: string): Promise<unknown> {
  return api.get('/verify/email', { query: { token } });
}

/** A BankID-only account sets its first password without a current one. */
export function changePassword(currentPassword: string | undefined, newPassword: string): Promise<unknown> {
  return api.post('/user/password', currentPassword ? { currentPassword, newPassword } : { newPassword });
}

export function setSearchable(isSearchable: boolean): Promise<unknown> {
  return api.put('/profile/searchable', { isSearchable });
}

/** The user's own data as a zip (GET user/export), with the file name the API gives it. */
export async function downloadExport(): Promise<{ blob: Blob; fileName: string | null }> {
  const { blob, headers } = await api.get<DownloadedFile>('/user/export', { responseType: 'file' });
  return { blob, fileName: fileNameFromContentDisposition(headers.get('content-disposition')) };
}

export interface DeleteAccountConfirmation {
  confirmation: string;
  password?: string;
  orderRef?: string;
}

/** 200 deleted (with the purge date) or 202 pending: the API's own response types. */
export type DeleteAccountResult =
  z.output<(typeof deleteAccountResponseSchemas)[200]> | z.output<(typeof deleteAccountResponseSchemas)[202]>;

/** 200 deleted; 202 pending while the BankID confirmation is under way (poll again). */
export function deleteAccount(
  confirmation: DeleteAccountConfirmation,
  signal?: AbortSignal,
): Promise<DeleteAccountResult> {
  return api.post('/user/delete', confirmation, { signal, background: Boolean(confirmation.orderRef) });
}

/** A BankID order for the user's own number that confirms the deletion. */
export function startDeletionBankId(): Promise<{
  orderRef: string;
  autoStartToken: string;
  sameDeviceUrl: string;
}> {
  return api.post('/user/delete/bankid');
}

export type ConfirmationResult =
  { status: 'confirmed'; validUntil: string } | { status: 'pending'; hintCode: string; message: string };

/** Step-up: confirm who you are in this session with the password, or poll with a BankID orderRef. */
export function confirmIdentity(
  confirmation: { password: string } | { orderRef: string },
  signal?: AbortSignal,
): Promise<ConfirmationResult> {
  return api.post('/user/confirm', confirmation, { signal, background: 'orderRef' in confirmation });
}

/** A BankID order for the user's own number that confirms who they are (step-up). */
export function startConfirmationBankId(): Promise<{
  orderRef: string;
  autoStartToken: string;
  sameDeviceUrl: string;
}> {
  return api.post('/user/confirm/bankid');
}
