import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { searchWithTimeWindow, timeWindowFromSearch, type TimeWindow } from './timeWindow';

/** The window the address names (`?window=` or `?from=&to=`), and a setter that writes it there. */
export function useTimeWindow(): readonly [TimeWindow, (next: TimeWindow) => void] {
  const [search, setSearch] = useSearchParams();
  const timeWindow = useMemo(() => timeWindowFromSearch(search), [search]);
  const setTimeWindow = useCallback(
    (next: TimeWindow) => setSearch((current) => searchWithTimeWindow(current, next), { replace: true }),
    [setSearch],
  );
  return [timeWindow, setTimeWindow] as const;
}
