import { LiveEvent } from '@halo/shared';
import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { LiveSocket } from '../realtime';
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
  return { socket: socket as unknown as LiveSocket, emitted };
}

describe('fleetOnChannel', () => {
  it('subscribes on each new socket of the channel and leaves the old one', () => {
    const socket$ = new BehaviorSubject<LiveSocket | null>(null);
    const fleet = fleetOnChannel(socket$, 7, 0);
    const subscription = fleet.state$.subscribe();
    const first = fakeSocket();
    socket$.next(first.socket);
    expect(first.emitted).toEqual([LiveEvent.DEVICES_SUBSCRIBE]);
    const second = fakeSocket();
    socket$.next(second.socket);
    expect(first.emitted).toEqual([LiveEvent.DEVICES_SUBSCRIBE, LiveEvent.DEVICES_UNSUBSCRIBE]);
    expect(second.emitted).toEqual([LiveEvent.DEVICES_SUBSCRIBE]);
    subscription.unsubscribe();
  });
});

describe('summaryOnChannel', () => {
  it('follows the summary on each new socket and leaves the old one', () => {
    const socket$ = new BehaviorSubject<LiveSocket | null>(null);
    const summary = summaryOnChannel(socket$, 7, 0);
    const subscription = summary.summary$.subscribe();
    const first = fakeSocket();
    socket$.next(first.socket);
    const second = fakeSocket();
    socket$.next(second.socket);
    expect(first.emitted).toEqual([LiveEvent.SUMMARY_SUBSCRIBE, LiveEvent.SUMMARY_UNSUBSCRIBE]);
    expect(second.emitted).toEqual([LiveEvent.SUMMARY_SUBSCRIBE]);
    subscription.unsubscribe();
  });
});
