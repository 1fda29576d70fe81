import type { DeviceLiveState, FleetSummary, LiveSystemLogEntry } from '@halo/shared';
import { EMPTY, Observable, ReplaySubject, of, share, switchMap, tap, timer } from 'rxjs';
import { liveChannel, type LiveConnection } from '../realtime';
import { AlarmFeed, type AlarmStreamEvent } from './alarmFeed';
import type { FleetDrill } from './fleetDrill';
import { FleetFeed, type FleetMap, type FleetTable } from './fleetFeed';
import type { FleetHeatQuery, MapArea } from './fleetHeat';
import type { FleetTableQuery } from './fleetRows';
import type { FleetFeedState } from './liveSubscription';
import { LogTailFeed } from './logTailFeed';
import { SummaryFeed } from './summaryFeed';

/** A fleet feed that follows a channel's socket: a new feed on every new socket, none while closed. */
export interface ChannelFleet {
  readonly state$: Observable<FleetFeedState>;
  /** Local time of the last snapshot or delta applied; null before the first. */
  readonly updatedAt$: Observable<number | null>;
  /** The Devices table; its query and window carry over to the feed of a new socket. */
  readonly table: FleetTable;
  /** HeatSight's heat and devices; the query and area carry over to the feed of a new socket. */
  readonly map: FleetMap;
  /** HeatSight's drill-down over the current feed (a request while there is none goes unanswered). */
  readonly drill: FleetDrill;
  device$(id: number): Observable<DeviceLiveState | null>;
}

/** The same for an environment's system log tail. */
export interface ChannelLogTail {
  readonly entries$: Observable<readonly LiveSystemLogEntry[]>;
  readonly state$: Observable<FleetFeedState>;
}

/** The same for an environment's alarm changes. */
export interface ChannelAlarms {
  readonly events$: Observable<AlarmStreamEvent>;
  readonly state$: Observable<FleetFeedState>;
}

/** The same for an environment's fleet summary. */
export interface ChannelSummary {
  readonly summary$: Observable<FleetSummary | null>;
  readonly state$: Observable<FleetFeedState>;
}

/** How long a feed nobody watches stays subscribed, so moving between screens keeps it warm. */
const KEEP_WARM_MS = 5000;

/**
 * A feed over whatever connection `connection$` currently offers (the app's live channel): made for
 * each new connection and closed with the old one, shared by every view, kept warm a while after
 * the last view left.
 */
function feedOnChannel<Feed extends { close(): void }>(
  connection$: Observable<LiveConnection | null>,
  create: (connection: LiveConnection) => Feed,
  keepWarmMs: number,
): Observable<Feed | null> {
  return connection$.pipe(
    switchMap((connection) =>
      connection
        ? new Observable<Feed | null>((subscriber) => {
            const feed = create(connection);
            subscriber.next(feed);
            return () => feed.close();
          })
        : of(null),
    ),
    share({ connector: () => new ReplaySubject<Feed | null>(1), resetOnRefCountZero: () => timer(keepWarmMs) }),
  );
}

const CONNECTING: FleetFeedState = { kind: 'connecting' };

/** One environment's devices over the channel's socket. */
export function fleetOnChannel(
  connection$: Observable<LiveConnection | null>,
  environmentId: number,
  keepWarmMs = KEEP_WARM_MS,
): ChannelFleet {
  let query: FleetTableQuery | null = null;
  let window: { start: number; end: number } | null = null;
  let heatQuery: FleetHeatQuery | null = null;
  let area: MapArea | null = null;
  let current: FleetFeed | null = null;
  const feed$ = feedOnChannel(
    connection$,
    (connection) => {
      const feed = new FleetFeed(connection, environmentId);
      if (query) feed.table.setQuery(query);
      if (window) feed.table.setWindow(window.start, window.end);
      if (heatQuery) feed.map.setHeat(heatQuery);
      if (area) feed.map.setArea(area);
      return feed;
    },
    keepWarmMs,
  ).pipe(tap((feed) => (current = feed)));
  return {
    state$: feed$.pipe(switchMap((feed) => feed?.state$ ?? of(CONNECTING))),
    updatedAt$: feed$.pipe(switchMap((feed) => feed?.updatedAt$ ?? of(null))),
    table: {
      window$: feed$.pipe(switchMap((feed) => feed?.table.window$ ?? EMPTY)),
      setQuery: (next) => {
        query = next;
        current?.table.setQuery(next);
      },
      setWindow: (start, end) => {
        window = { start, end };
        current?.table.setWindow(start, end);
      },
      // The selection lives with the feed's table: a new socket's feed starts with none.
      select: (change) => current?.table.select(change),
      selectedIds: () => current?.table.selectedIds() ?? Promise.resolve([]),
      exportCsv: (request) => current?.table.exportCsv(request) ?? Promise.reject(new Error('No live fleet')),
    },
    map: {
      heat$: feed$.pipe(switchMap((feed) => feed?.map.heat$ ?? EMPTY)),
      devices$: feed$.pipe(switchMap((feed) => feed?.map.devices$ ?? EMPTY)),
      setHeat: (query) => {
        heatQuery = query;
        current?.map.setHeat(query);
      },
      setArea: (next) => {
        area = next;
        current?.map.setArea(next);
      },
    },
    drill: {
      answers$: feed$.pipe(switchMap((feed) => feed?.drill.answers$ ?? EMPTY)),
      ask: (request) => current?.drill.ask(request),
    },
    device$: (id) => feed$.pipe(switchMap((feed) => feed?.device$(id) ?? of(null))),
  };
}

/** One environment's fleet summary over the channel's socket. */
export function summaryOnChannel(
  connection$: Observable<LiveConnection | null>,
  environmentId: number,
  keepWarmMs = KEEP_WARM_MS,
): ChannelSummary {
  const feed$ = feedOnChannel(connection$, (connection) => new SummaryFeed(connection, environmentId), keepWarmMs);
  return {
    summary$: feed$.pipe(switchMap((feed) => feed?.summary$ ?? of(null))),
    state$: feed$.pipe(switchMap((feed) => feed?.state$ ?? of(CONNECTING))),
  };
}

/** One environment's system log tail over the channel's socket. */
export function logTailOnChannel(
  connection$: Observable<LiveConnection | null>,
  environmentId: number,
  keepWarmMs = KEEP_WARM_MS,
): ChannelLogTail {
  const feed$ = feedOnChannel(connection$, (connection) => new LogTailFeed(connection, environmentId), keepWarmMs);
  return {
    entries$: feed$.pipe(switchMap((feed) => feed?.entries$ ?? EMPTY)),
    state$: feed$.pipe(switchMap((feed) => feed?.state$ ?? of(CONNECTING))),
  };
}

/** One environment's alarm changes over the channel's socket. */
export function alarmsOnChannel(
  connection$: Observable<LiveConnection | null>,
  environmentId: number,
  keepWarmMs = KEEP_WARM_MS,
): ChannelAlarms {
  const feed$ = feedOnChannel(connection$, (connection) => new AlarmFeed(connection, environmentId), keepWarmMs);
  return {
    events$: feed$.pipe(switchMap((feed) => feed?.events$ ?? EMPTY)),
    state$: feed$.pipe(switchMap((feed) => feed?.state$ ?? of(CONNECTING))),
  };
}

const appFleets = new Map<number, ChannelFleet>();
const appSummaries = new Map<number, ChannelSummary>();
const appLogTails = new Map<number, ChannelLogTail>();
const appAlarmStreams = new Map<number, ChannelAlarms>();

/** The app's fleet of one environment over the app's live channel, shared by every view. */
export function appFleet(environmentId: number): ChannelFleet {
  let fleet = appFleets.get(environmentId);
  if (!fleet) {
    fleet = fleetOnChannel(liveChannel.connection$, environmentId);
    appFleets.set(environmentId, fleet);
  }
  return fleet;
}

/** The app's fleet summary of one environment over the app's live channel. */
export function appSummary(environmentId: number): ChannelSummary {
  let summary = appSummaries.get(environmentId);
  if (!summary) {
    summary = summaryOnChannel(liveChannel.connection$, environmentId);
    appSummaries.set(environmentId, summary);
  }
  return summary;
}

/** The app's system log tail of one environment over the app's live channel. */
export function appLogTail(environmentId: number): ChannelLogTail {
  let tail = appLogTails.get(environmentId);
  if (!tail) {
    tail = logTailOnChannel(liveChannel.connection$, environmentId);
    appLogTails.set(environmentId, tail);
  }
  return tail;
}

/** The app's alarm changes of one environment over the app's live channel. */
export function appAlarms(environmentId: number): ChannelAlarms {
  let alarms = appAlarmStreams.get(environmentId);
  if (!alarms) {
    alarms = alarmsOnChannel(liveChannel.connection$, environmentId);
    appAlarmStreams.set(environmentId, alarms);
  }
  return alarms;
}
