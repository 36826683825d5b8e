import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

// A visitor who opens an invite link and is new to the site goes through login, setup and the e-mail
// confirmation before joining; the link is kept here so the company page can lead back to it.

const KEY = 'km.pendingInvite';

export const rememberPendingInvite = (link: string) => writeStorage(KEY, link);
export const readPendingInvite = () => readStorage(KEY);
export const forgetPendingInvite = () => removeStorage(KEY);
