import { useCallback, useEffect, useState } from 'react';

type ActionState = { isPending: boolean; error: unknown };

/**
 * One call to the server at a time for the light public pages, which load without the query library: whether it
 * runs, and what it last failed with. `run` resolves to the answer, or to undefined when the call failed (after
 * telling `onError`).
 */
export function useAction<Input, Output>(action: (input: Input) => Promise<Output>) {
  const [state, setState] = useState<ActionState>({ isPending: false, error: null });
  const run = useCallback(
    async (input: Input, onError?: (error: unknown) => void): Promise<Output | undefined> => {
      setState({ isPending: true, error: null });
      try {
        const output = await action(input);
        setState({ isPending: false, error: null });
        return output;
      } catch (error) {
        setState({ isPending: false, error });
        onError?.(error);
        return undefined;
      }
    },
    [action],
  );
  const reset = useCallback(() => setState({ isPending: false, error: null }), []);
  return { ...state, isError: state.error !== null, run, reset };
}

type LoadState<T> = { data: T | undefined; error: unknown; isPending: boolean };

/**
 * What a light public page reads once on opening (the invitation it was sent, the public config): loaded again
 * when `key` changes or on `retry`. Not loaded at all while `key` is null.
 */
export function useLoad<T>(load: () => Promise<T>, key: string | null) {
  const [state, setState] = useState<LoadState<T> & { key: string | null; attempt: number }>({
    data: undefined,
    error: null,
    isPending: true,
    key,
    attempt: 0,
  });
  const [attempt, setAttempt] = useState(0);
  // A new key starts over (adjusting state while rendering, as React advises, rather than in an effect).
  if (state.key !== key || state.attempt !== attempt)
    setState({ data: state.key === key ? state.data : undefined, error: null, isPending: true, key, attempt });
  useEffect(() => {
    if (key === null) return;
    let isCurrent = true;
    load().then(
      (data) => isCurrent && setState((current) => ({ ...current, data, error: null, isPending: false })),
      (error: unknown) => isCurrent && setState((current) => ({ ...current, error, isPending: false })),
    );
    return () => {
      isCurrent = false;
    };
    // `load` is read when the key (or the attempt) changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { data: state.data, error: state.error, isPending: key !== null && state.isPending, isError: state.error !== null, retry };
}
