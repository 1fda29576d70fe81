import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * One form's call to the API at a time: whether it is under way, what it failed with, and the
 * call itself, which a later call or the form's going away aborts (a late answer changes
 * nothing). `onDone` runs with the answer of a call that was not aborted.
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const submit = useCallback(
    <Answer>(call: (signal: AbortSignal) => Promise<Answer>, onDone: (answer: Answer) => void) => {
      controller.current?.abort();
      const request = new AbortController();
      controller.current = request;
      setBusy(true);
      setError(null);
      call(request.signal).then(
        (answer) => {
          if (request.signal.aborted) return;
          setBusy(false);
          onDone(answer);
        },
        (failure: unknown) => {
          if (request.signal.aborted) return;
          setBusy(false);
          setError(failure);
        },
      );
    },
    [],
  );
  return { busy, error, setError, submit };
}
