import { useCallback, useEffect, useRef, type RefObject, type UIEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { historyEntryMemory } from '../../../lib/history-entry';

const places = historyEntryMemory<number>();

/** The table's scrolling body (Blueprint Table2's main quadrant). */
const BODY = '.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container';

/**
 * Where the table was scrolled, kept per history entry as the user scrolls it: Back from a
 * device's page opens the Devices table where it was left, not at its top (issue 39, item 10).
 * The place is restored once the table is that tall (the live fleet's first window may come
 * after the table mounts), as a user's scroll would set it. Answers the wrapper's scroll
 * listener (capture: the body's scroll does not bubble).
 */
export function useScrollMemory(wrapper: RefObject<HTMLElement | null>, height: number) {
  const { key } = useLocation();
  const toRestore = useRef(places.get(key));
  useEffect(() => {
    const top = toRestore.current;
    const body = wrapper.current?.querySelector<HTMLElement>(BODY);
    if (top === undefined || top === 0 || !body || height <= top) return;
    toRestore.current = undefined;
    body.scrollTo({ top });
  }, [height, wrapper]);
  return useCallback(
    (event: UIEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      if (target.matches(BODY)) places.set(key, target.scrollTop);
    },
    [key],
  );
}
