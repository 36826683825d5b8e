import { ERROR_CODE } from '@mp/api-contract/error-codes';
import { TOO_MANY_LOGIN_ATTEMPTS_ERROR_CODE } from '@mp/domain/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showWarning } from './alerts';
import { isApiError, type ApiError } from './api-client';
import {
  cancelBankIdOrder,
  collectBankIdOrder,
  fetchBankIdQr,
  isComplete,
  startBankIdOrder,
  type CollectComplete,
  type LoginReturn,
} from './bankid';
import { describeError } from './errors';

/** BankID answers a collect every 2 seconds at most (Relying Party guidelines). */
const COLLECT_INTERVAL_MS = 2_000;
/** The animated QR code changes every second. */
const QR_INTERVAL_MS = 1_000;
export type BankIdState =
  | { step: 'enter' }
  | { step: 'starting' }
  | {
      step: 'waiting';
      orderRef: string;
      sameDeviceUrl: string | null;
      hintCode: string;
      message: string | null;
      resumed: boolean;
    };

interface Options {
  /** Sent with every collect by the partner login variant. */
  externalCompanyToken?: string;
  /** An order to resume (the same-device app returned to login with `orderRef`). */
  resumeOrderRef?: string | null;
  /** The login page's redirect and tab, for the same-device app to return with. */
  loginReturn?: LoginReturn;
  onComplete: (result: CollectComplete, orderRef: string) => Promise<void> | void;
  /** A removed account tried to log in (403 ACCOUNT_REMOVED): the error, whose body carries the purge date. */
  onAccountRemoved?: (error: ApiError) => void;
}

/**
 * The BankID login of spec section 4: step 1 (enter the number) moves to step 2 (waiting) after a valid start;
 * collect every 2 s and refresh the QR code every second while waiting; cancel or any error returns to step 1
 * with the spec's messages (section 8).
 */
export function useBankId({
  externalCompanyToken,
  resumeOrderRef,
  loginReturn,
  onComplete,
  onAccountRemoved,
}: Options) {
  const { t } = useTranslation();
  const [state, setState] = useState<BankIdState>(() =>
    resumeOrderRef
      ? {
          step: 'waiting',
          orderRef: resumeOrderRef,
          sameDeviceUrl: null,
          hintCode: '',
          message: null,
          resumed: true,
        }
      : { step: 'enter' },
  );
  const [qr, setQr] = useState<string | null>(null);
  /** The order collect found complete: its QR code is gone (the API answers 400 BANKID_ORDER_INVALID). */
  const [completedOrderRef, setCompletedOrderRef] = useState<string | null>(null);
  /**
   * A collect and a QR request never cross: the collect may complete the order, and a QR request for it
   * would then be refused. Refs, so each side sees the other at once, before React renders again.
   */
  const collectingRef = useRef(false);
  const qrRequestRef = useRef<Promise<unknown> | null>(null);
  const onCompleteRef = useRef(onComplete);
  const onAccountRemovedRef = useRef(onAccountRemoved);
  const loginReturnRef = useRef(loginReturn);
  useEffect(() => {
    onCompleteRef.current = onComplete;
    onAccountRemovedRef.current = onAccountRemoved;
    loginReturnRef.current = loginReturn;
  });

  const orderRef = state.step === 'waiting' ? state.orderRef : null;

  const backToStart = useCallback(() => {
    setQr(null);
    setState({ step: 'enter' });
  }, []);

  const start = useCallback(
    async (nationalIdentityNumber: string) => {
      setState({ step: 'starting' });
      try {
        const order = await startBankIdOrder(nationalIdentityNumber, loginReturnRef.current);
        setState({
          step: 'waiting',
          orderRef: order.orderRef,
          sameDeviceUrl: order.sameDeviceUrl ?? null,
          hintCode: 'outstandingTransaction',
          message: null,
          resumed: false,
        });
      } catch (error) {
        // Status 0 or 500: the spec's BankID warning; anything else goes to the global display.
        if (isApiError(error) && (error.status === 0 || error.status === 500)) {
          showWarning(t('messages:error.bankIdFailed'));
        } else {
          showError(describeError(error));
        }
        backToStart();
      }
    },
    [t, backToStart],
  );

  const cancel = useCallback(async () => {
    const ref = orderRef;
    backToStart();
    if (ref) {
      try {
        await cancelBankIdOrder(ref);
      } catch {
        // The order may already be gone; step 1 is shown either way.
      }
    }
  }, [orderRef, backToStart]);

  // Collect every 2 s while waiting.
  useEffect(() => {
    if (!orderRef) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const collect = async () => {
      collectingRef.current = true;
      try {
        await qrRequestRef.current;
        if (controller.signal.aborted) return;
        const result = await collectBankIdOrder(orderRef, externalCompanyToken, controller.signal);
        if (controller.signal.aborted) return;
        if (isComplete(result)) {
          // Stop the QR code before the completion's own requests (user, companies, navigation).
          setCompletedOrderRef(orderRef);
          await onCompleteRef.current(result, orderRef);
          return;
        }
        setState((current) =>
          current.step === 'waiting' && current.orderRef === orderRef
            ? { ...current, hintCode: result.hintCode ?? current.hintCode, message: result.message ?? null }
            : current,
        );
        collectingRef.current = false;
        timer = setTimeout(() => void collect(), COLLECT_INTERVAL_MS);
      } catch (error) {
        collectingRef.current = false;
        if (controller.signal.aborted) return;
        if (isApiError(error) && error.code === ERROR_CODE.ACCOUNT_REMOVED && onAccountRemovedRef.current) {
          onAccountRemovedRef.current(error);
          return;
        }
        if (isApiError(error) && error.status === 403 && error.code === TOO_MANY_LOGIN_ATTEMPTS_ERROR_CODE) {
          showError(error.errorMessage ?? t('messages:error.tooManyLoginAttempts'));
        } else if (isApiError(error) && error.status >= 400 && error.status < 500) {
          showError(describeError(error));
        } else {
          showError(t('messages:error.generic'));
        }
        backToStart();
      }
    };
    timer = setTimeout(() => void collect(), COLLECT_INTERVAL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
      collectingRef.current = false;
    };
  }, [orderRef, externalCompanyToken, t, backToStart]);

  // Refresh the animated QR code every second while waiting (not when resuming on this device), until the
  // order is complete; an order the API no longer knows (complete, failed, cancelled: a 4xx) stops it too.
  const showQr = state.step === 'waiting' && !state.resumed && completedOrderRef !== orderRef;
  useEffect(() => {
    if (!orderRef || !showQr) return;
    const controller = new AbortController();
    const refresh = () => {
      if (collectingRef.current || qrRequestRef.current) return;
      const request = fetchBankIdQr(orderRef, controller.signal).then(
        (content) => {
          if (!controller.signal.aborted && content) setQr(content);
        },
        (error: unknown) => {
          // A missed frame is harmless (the next second brings a new one); a refused order has no more frames.
          if (isApiError(error) && error.status >= 400 && error.status < 500) {
            controller.abort();
            clearInterval(interval);
          }
        },
      );
      qrRequestRef.current = request;
      void request.finally(() => {
        if (qrRequestRef.current === request) qrRequestRef.current = null;
      });
    };
    refresh();
    const interval = setInterval(refresh, QR_INTERVAL_MS);
    return () => {
      controller.abort();
      clearInterval(interval);
    };
  }, [orderRef, showQr]);

  return { state, qr, start, cancel };
}
