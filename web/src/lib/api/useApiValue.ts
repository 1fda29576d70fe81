import { useCallback, useEffect, useRef, useState } from 'react';

export interface ApiValue<T> {
  readonly value: T | undefined;
  readonly error: unknown;
  readonly loading: boolean;
  readonly reload: () => void;
}

interface Loaded<T> {
  /** The request this answers. */
  readonly request: string;
  readonly value: T | undefined;
  readonly error: unknown;
}

/**
 * What a call answers, loaded whenever `key` changes (and on `reload`); an answer to a call
 * made for an older key is dropped and its request aborted. The last value stays while a new
 * one loads.
 */
export function useApiValue<T>(load: (signal: AbortSignal) => Promise<T>, key: string): ApiValue<T> {
  const [generation, setGeneration] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const request = `${key}#${generation}`;
  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setLoaded({ request, value, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded((previous) => ({ request, value: previous?.value, error }));
      },
    );
    return () => controller.abort();
  }, [request]);
  const reload = useCallback(() => setGeneration((next) => next + 1), []);
  return {
    value: loaded?.value,
    error: loaded?.request === request ? loaded.error : null,
    loading: loaded?.request !== request,
    reload,
  };
}
