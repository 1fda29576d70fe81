import { useEffect, useSyncExternalStore } from 'react';

/**
 * The title a page gives itself when its route's title key is not enough (a device's page is
 * titled with the device's name): the shell's heading and the document title show it while the
 * page is open.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

function setPageTitleText(text: string | null): void {
  if (text === current) return;
  current = text;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The title the open page gave itself; null when it gave none (its route's title stands). */
export function usePageTitleText(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Titles the page with `text` while it is mounted (null: the route's title). */
export function usePageTitle(text: string | null): void {
  useEffect(() => {
    setPageTitleText(text);
    return () => setPageTitleText(null);
  }, [text]);
}
