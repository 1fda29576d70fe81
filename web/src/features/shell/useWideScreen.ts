import { WIDE_SCREEN_MIN_WIDTH } from '@halo/shared';
import { useSyncExternalStore } from 'react';

const QUERY = `(min-width: ${WIDE_SCREEN_MIN_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True on screens wide enough for the drawer's rail. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
