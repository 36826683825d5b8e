import {
  useMutation,
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

/**
 * A mutation that a double click sends once. TanStack Query reports a mutation as pending only after its
 * notification has gone through a macrotask and a render, so a button disabled by `isPending` still takes a
 * second click in between, and the second request creates a second contract, a second feedback or fails with
 * "already submitted". Here `mutate` is a no-op while an earlier call is in flight (until the mutation settles,
 * successfully or not), and `isPending` is true from the click's own render on.
 *
 * Use it for actions a person submits with a button: anything that creates something or moves a state.
 */
export function useSubmitMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const inFlight = useRef(false);
  // The same as state, for rendering: a click's update renders before the next click is handled.
  const [sending, setSending] = useState(false);
  const mutation = useMutation<TData, TError, TVariables, TContext>({
    ...options,
    onSettled: (...args) => {
      inFlight.current = false;
      setSending(false);
      return options.onSettled?.(...args);
    },
  });
  const { mutate: send, mutateAsync: sendAsync } = mutation;
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSending(true);
      send(variables, callbacks);
    },
    [send],
  );
  const mutateAsync = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      // The click that is not sent: its promise never settles, as the request it would stand for never ends.
      if (inFlight.current) return new Promise<TData>(() => {});
      inFlight.current = true;
      setSending(true);
      return sendAsync(variables, callbacks);
    },
    [sendAsync],
  );
  return {
    ...mutation,
    mutate,
    mutateAsync,
    isPending: mutation.isPending || sending,
  } as UseMutationResult<TData, TError, TVariables, TContext>;
}
