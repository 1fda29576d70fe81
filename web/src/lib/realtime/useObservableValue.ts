import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/** The latest value of a stream, for views; `initial` until the stream says something. */
export function useObservableValue<T>(source: Observable<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = source.subscribe((next) => setValue(() => next));
    return () => subscription.unsubscribe();
  }, [source]);
  return value;
}

/** Local time, refreshed every `intervalMs`: enough to tick a clock between server updates. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
