import { LiveEvent } from '@halo/shared';
import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { LiveConnection, type LiveSocket } from '../realtime';
import { fleetOnChannel, summaryOnChannel } from './channelFleet';

function fakeSocket() {
  const emitted: string[] = [];
  const socket = {
    connected: true,
    on: () => socket,
    off: () => socket,
    emit: (event: string) => {
      emitted.push(event);
      return socket;
    },
  };
  return { connection: new LiveConnection(socket as unknown as LiveSocket), emitted };
}

describe('fleetOnChannel', () => {
  it('subscribes on each new connection of the channel and leaves the old one', () => {
    const connection$ = new BehaviorSubject<LiveConnection | null>(null);
    const fleet = fleetOnChannel(connection$, 7, 0);
    const subscription = fleet.state$.subscribe();
    const first = fakeSocket();
    connection$.next(first.connection);
    expect(first.emitted).toEqual([LiveEvent.DEVICES_SUBSCRIBE]);
    const second = fakeSocket();
    connection$.next(second.connection);
    expect(first.emitted).toEqual([LiveEvent.DEVICES_SUBSCRIBE, LiveEvent.DEVICES_UNSUBSCRIBE]);
    expect(second.emitted).toEqual([LiveEvent.DEVICES_SUBSCRIBE]);
    subscription.unsubscribe();
  });
});

describe('summaryOnChannel', () => {
  it('follows the summary on each new connection and leaves the old one', () => {
    const connection$ = new BehaviorSubject<LiveConnection | null>(null);
    const summary = summaryOnChannel(connection$, 7, 0);
    const subscription = summary.summary$.subscribe();
    const first = fakeSocket();
    connection$.next(first.connection);
    const second = fakeSocket();
    connection$.next(second.connection);
    expect(first.emitted).toEqual([LiveEvent.SUMMARY_SUBSCRIBE, LiveEvent.SUMMARY_UNSUBSCRIBE]);
    expect(second.emitted).toEqual([LiveEvent.SUMMARY_SUBSCRIBE]);
    subscription.unsubscribe();
  });
});
