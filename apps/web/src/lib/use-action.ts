import { useCallback, useState } from 'react';

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
