import { serverNow } from '@halo/shared';
import { useCallback } from 'react';
import { liveChannel, useObservableValue } from '../../lib/realtime';

/** The server's time now (from the clock the socket sends), this browser's until it has come. */
export function useServerTime(): () => number {
  const clock = useObservableValue(liveChannel.clock$, null);
  return useCallback(() => (clock ? serverNow(clock, Date.now()) : Date.now()), [clock]);
}
