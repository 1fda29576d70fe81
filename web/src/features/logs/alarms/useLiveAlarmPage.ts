import type { Alarm } from '@halo/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { filter, race, take, timer, type Observable } from 'rxjs';
import { useApiValue, type ApiValue } from '../../../lib/api';
import { appAlarms, type FleetFeedState } from '../../../lib/fleet';
import { withLiveChanges, type AlarmPage } from './alarmLive';
import type { AlarmFilters } from './alarmFilters';

/** How long a list waits for the live stream's start before it is read anyway (the gateway may be away). */
const STREAM_WAIT_MS = 2000;

/** Resolves once the stream is accepted or refused, after STREAM_WAIT_MS at most, or when the read is called off. */
function streamSettled(state$: Observable<FleetFeedState>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const settled = race(state$.pipe(filter((state) => state.kind !== 'connecting')), timer(STREAM_WAIT_MS))
      .pipe(take(1))
      .subscribe(() => resolve());
    signal.addEventListener(
      'abort',
      () => {
        settled.unsubscribe();
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * A page of the environment's alarms, live: read once the live alarm stream has started (so no
 * change falls between the read and the stream), read again when the stream says so (a
 * reconnect, a silence), and kept current between reads by the changes the gateway pushes
 * (read once per environment, however many operators watch), not by asking again.
 */
export function useLiveAlarmPage(
  environmentId: number,
  filters: AlarmFilters,
  /** The view (environment and filters): changes heard are kept for it. */
  key: string,
  /** The read (the view and how much of it is loaded). */
  readKey: string,
  read: (signal: AbortSignal) => Promise<AlarmPage>,
): ApiValue<AlarmPage> {
  const stream = appAlarms(environmentId);
  const [reads, setReads] = useState(0);
  const pageKey = `${readKey}|${reads}`;
  const page = useApiValue(async (signal) => {
    await streamSettled(stream.state$, signal);
    return read(signal);
  }, pageKey);
  // Changes heard in this view (these filters); each read's page says which it already reflects.
  const [live, setLive] = useState<{ key: string; changes: ReadonlyMap<number, Alarm> }>({
    key,
    changes: new Map(),
  });
  const currentKey = useRef(key);
  useEffect(() => {
    currentKey.current = key;
  });
  useEffect(() => {
    const subscription = stream.events$.subscribe((event) => {
      if (event.kind === 'read') {
        setReads((count) => count + 1);
        return;
      }
      setLive((previous) => {
        const changes = new Map(previous.key === currentKey.current ? previous.changes : []);
        for (const alarm of event.alarms) {
          const known = changes.get(alarm.id);
          if (!known || known.revision < alarm.revision) changes.set(alarm.id, alarm);
        }
        return { key: currentKey.current, changes };
      });
    });
    return () => subscription.unsubscribe();
  }, [stream]);
  const changes = live.key === key ? live.changes : null;
  const value = useMemo(
    () => (page.value && changes ? withLiveChanges(page.value, changes, filters) : page.value),
    // The filters are part of `key`: a change of filters is a new read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [page.value, changes],
  );
  return { ...page, value };
}
