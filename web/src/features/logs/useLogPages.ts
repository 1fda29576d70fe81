import { useCallback, useEffect, useRef, useState } from 'react';

export interface LogPages<Entry> {
  /** Newest first. */
  readonly entries: readonly Entry[];
  readonly loading: boolean;
  readonly error: unknown;
  /** Whether older entries may remain (the last page was full, or live entries pushed some out). */
  readonly hasMore: boolean;
  readonly loadOlder: () => void;
  readonly reload: () => void;
  /** Puts entries that arrived live before the others, dropping the oldest beyond `cap`. */
  readonly prepend: (entries: readonly Entry[]) => void;
}

interface Pages<Entry> {
  /** The view these pages belong to. */
  readonly request: string;
  readonly entries: readonly Entry[];
  readonly hasMore: boolean;
  readonly error: unknown;
  readonly loadingOlder: boolean;
}

const withoutSeen = <Entry extends { readonly id: number }>(entries: readonly Entry[], seen: readonly Entry[]) => {
  const ids = new Set(seen.map((entry) => entry.id));
  return entries.filter((entry) => !ids.has(entry.id));
};

/**
 * A log's pages, newest first: the first page whenever `queryKey` changes (the filters), older
 * ones on demand by cursor (the last id shown). A request made for a view left since is
 * aborted and its answer dropped.
 */
export function useLogPages<Entry extends { readonly id: number }>(
  load: (olderThan: number | undefined, signal: AbortSignal) => Promise<readonly Entry[]>,
  queryKey: string,
  options: { readonly pageSize: number; readonly cap?: number },
): LogPages<Entry> {
  const { pageSize } = options;
  const cap = options.cap ?? Number.POSITIVE_INFINITY;
  const [generation, setGeneration] = useState(0);
  const request = `${queryKey}#${generation}`;
  const [pages, setPages] = useState<Pages<Entry> | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const older = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    older.current?.abort();
    loadRef.current(undefined, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setPages({ request, entries: page, hasMore: page.length >= pageSize, error: null, loadingOlder: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setPages({ request, entries: [], hasMore: false, error, loadingOlder: false });
      },
    );
    return () => controller.abort();
  }, [request, pageSize]);

  const current = pages?.request === request ? pages : null;
  const lastId = current?.entries.at(-1)?.id;

  const loadOlder = useCallback(() => {
    if (lastId === undefined) return;
    older.current?.abort();
    const controller = new AbortController();
    older.current = controller;
    setPages((state) => (state?.request === request ? { ...state, loadingOlder: true } : state));
    loadRef.current(lastId, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setPages((state) =>
          state?.request === request
            ? {
                ...state,
                entries: [...state.entries, ...withoutSeen(page, state.entries)],
                hasMore: page.length >= pageSize,
                loadingOlder: false,
              }
            : state,
        );
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setPages((state) => (state?.request === request ? { ...state, error, loadingOlder: false } : state));
      },
    );
  }, [lastId, request, pageSize]);

  const prepend = useCallback(
    (fresh: readonly Entry[]) => {
      if (fresh.length === 0) return;
      setPages((state) => {
        if (state?.request !== request) return state;
        const entries = [...withoutSeen(fresh, state.entries), ...state.entries];
        return entries.length > cap
          ? { ...state, entries: entries.slice(0, cap), hasMore: true }
          : { ...state, entries };
      });
    },
    [request, cap],
  );

  return {
    entries: current?.entries ?? [],
    loading: current === null || current.loadingOlder,
    error: current?.error ?? null,
    hasMore: current?.hasMore ?? false,
    loadOlder,
    reload: useCallback(() => setGeneration((value) => value + 1), []),
    prepend,
  };
}
