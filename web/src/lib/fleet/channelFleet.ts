import type { LiveSystemLogEntry } from '@halo/shared';
import { EMPTY, Observable, ReplaySubject, of, share, switchMap, timer } from 'rxjs';
import { liveChannel, type LiveSocket } from '../realtime';
import { FleetFeed, type FleetBatch, type FleetFeedState, type FleetView } from './fleetFeed';

/** A fleet feed that follows a channel's socket: a new feed on every new socket, none while closed. */
export interface ChannelFleet {
  readonly view$: Observable<FleetView>;
  readonly batch$: Observable<FleetBatch>;
  readonly alerts$: Observable<readonly LiveSystemLogEntry[]>;
  readonly logs$: Observable<readonly LiveSystemLogEntry[]>;
  readonly state$: Observable<FleetFeedState>;
}

/** How long a feed nobody watches stays subscribed, so moving between screens keeps it warm. */
const KEEP_WARM_MS = 5000;

/**
 * One environment's fleet over whatever socket `socket$` currently offers (the app's live
 * channel): the feed attaches to each new socket and closes with the old one. Views share it.
 */
export function fleetOnChannel(
  socket$: Observable<LiveSocket | null>,
  environmentId: number,
  keepWarmMs = KEEP_WARM_MS,
): ChannelFleet {
  const feed$ = socket$.pipe(
    switchMap((socket) =>
      socket
        ? new Observable<FleetFeed | null>((subscriber) => {
            const feed = new FleetFeed(socket, environmentId);
            subscriber.next(feed);
            return () => feed.close();
          })
        : of(null),
    ),
    share({
      connector: () => new ReplaySubject<FleetFeed | null>(1),
      resetOnRefCountZero: () => timer(keepWarmMs),
    }),
  );
  return {
    view$: feed$.pipe(switchMap((feed) => feed?.view$ ?? EMPTY)),
    batch$: feed$.pipe(switchMap((feed) => feed?.batch$ ?? EMPTY)),
    alerts$: feed$.pipe(switchMap((feed) => feed?.alerts$ ?? EMPTY)),
    logs$: feed$.pipe(switchMap((feed) => feed?.logs$ ?? EMPTY)),
    state$: feed$.pipe(switchMap((feed) => feed?.state$ ?? of<FleetFeedState>({ kind: 'connecting' }))),
  };
}

const appFleets = new Map<number, ChannelFleet>();

/** The app's fleet of one environment over the app's live channel, shared by every view. */
export function appFleet(environmentId: number): ChannelFleet {
  let fleet = appFleets.get(environmentId);
  if (!fleet) {
    fleet = fleetOnChannel(liveChannel.socket$, environmentId);
    appFleets.set(environmentId, fleet);
  }
  return fleet;
}
