import type { bankIdPendingSchema } from '@mp/api-contract/account.schema';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { fetchBankIdQr } from '../../../lib/bankid';
import { describeError } from '../../../lib/errors';
import { showError } from '../../../lib/alerts';
import { deleteAccount, startDeletionBankId } from '../api/settings';

interface Waiting {
  orderRef: string;
  sameDeviceUrl: string;
  hintCode: string;
  message: string | null;
}

type Pending = z.output<typeof bankIdPendingSchema>;

/**
 * Starts a BankID order for the user's own number, and polls what it confirms with the orderRef: pending until
 * BankID completes, then the confirmed action's own answer (`Done`).
 */
export interface BankIdConfirmationCalls<Done extends { status: string }> {
  start: () => Promise<{ orderRef: string; sameDeviceUrl: string }>;
  poll: (orderRef: string, signal: AbortSignal) => Promise<Pending | Done>;
}

const isPending = (result: { status: string }): result is Pending => result.status === 'pending';

/**
 * Confirms an account deletion with BankID: starts an order for the user's own number, refreshes the QR code
 * every second and polls the deletion every 2 s until BankID completes (then the account is deleted).
 */
export function useDeletionBankId(
  word: string,
  active: boolean,
  onDeleted: (purgeAfter: string | null) => void,
  onFailed: () => void,
) {
  return useBankIdConfirmation(
    active,
    {
      start: startDeletionBankId,
      poll: (orderRef, signal) => deleteAccount({ confirmation: word.trim(), orderRef }, signal),
    },
    (result) => onDeleted(result.purgeAfter),
    onFailed,
  );
}

/**
 * Confirms something with BankID: starts an order, refreshes the QR code every second and polls `calls.poll`
 * every 2 s until BankID completes (`onDone`) or fails (`onFailed`, after the error is shown).
 */
export function useBankIdConfirmation<Done extends { status: string }>(
  active: boolean,
  calls: BankIdConfirmationCalls<Done>,
  onDone: (result: Done) => void,
  onFailed: () => void,
) {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let qrTimer: ReturnType<typeof setInterval> | undefined;
    const fail = (error: unknown) => {
      if (controller.signal.aborted) return;
      showError(describeError(error));
      onFailed();
    };
    calls.start().then((order) => {
      if (controller.signal.aborted) return;
      setWaiting({
        orderRef: order.orderRef,
        sameDeviceUrl: order.sameDeviceUrl,
        hintCode: 'outstandingTransaction',
        message: null,
      });
      const refreshQr = () =>
        fetchBankIdQr(order.orderRef, controller.signal).then(
          (content) => !controller.signal.aborted && content && setQr(content),
          () => undefined,
        );
      void refreshQr();
      qrTimer = setInterval(() => void refreshQr(), 1_000);
      const poll = () => {
        calls.poll(order.orderRef, controller.signal).then((result) => {
          if (controller.signal.aborted) return;
          if (!isPending(result)) {
            clearInterval(qrTimer);
            onDone(result);
            return;
          }
          setWaiting((current) =>
            current ? { ...current, hintCode: result.hintCode, message: result.message } : current,
          );
          pollTimer = setTimeout(poll, 2_000);
        }, fail);
      };
      pollTimer = setTimeout(poll, 2_000);
    }, fail);
    return () => {
      controller.abort();
      clearTimeout(pollTimer);
      clearInterval(qrTimer);
    };
    // The order starts once per activation; the calls (and the word they carry) are fixed by then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  return { waiting, qr };
}
