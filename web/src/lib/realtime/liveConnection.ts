import {
  ClockEventSchema,
  DevicesSubscribeAckSchema,
  FleetSummaryMessageSchema,
  LiveEvent,
  LogsSystemEventSchema,
  AlarmsChangedEventSchema,
  SessionEndedEventSchema,
  SubscribeAckSchema,
  UpstreamStatusEventSchema,
  type DevicesSubscribe,
  type DevicesSubscribeAck,
  type FleetSummaryMessage,
  type LogsSystemEvent,
  type AlarmsChangedEvent,
  type ServerClock,
  type SessionEndReason,
  type SubscribeAck,
  type UpstreamStatusEvent,
} from '@halo/shared';
import { filter, map, Observable, share } from 'rxjs';
import type { z } from 'zod';
import type { LiveSocket } from './liveSocket';

/** Names the gateway may send on: the protocol's events and socket.io's own. */
type InboundEvent = (typeof LiveEvent)[keyof typeof LiveEvent] | 'connect' | 'disconnect';

/**
 * The socket seen as what it is before parsing: events whose payloads are unknown. Only this
 * module listens on the socket; everything past it receives parsed, typed values.
 */
interface UnparsedEmitter {
  on(event: InboundEvent, listener: (payload: unknown) => void): unknown;
  off(event: InboundEvent, listener: (payload: unknown) => void): unknown;
}

/**
 * One open socket of a live channel: each event the gateway sends as a typed stream (listened
 * to while subscribed, payloads parsed with the shared schemas, malformed ones dropped), and
 * the protocol's subscriptions as typed requests whose acks are parsed the same way. Feeds
 * (lib/fleet) and views use this, never the socket.
 */
export class LiveConnection {
  /** The socket (re)connected to the gateway. */
  readonly connects$: Observable<void>;
  /** The socket lost the gateway (socket.io may be reconnecting it). */
  readonly disconnects$: Observable<void>;
  /** Each server time received, with the local time at receipt; views tick locally from it. */
  readonly clock$: Observable<ServerClock>;
  readonly upstreamStatus$: Observable<UpstreamStatusEvent>;
  /**
   * The gateway ended the session (`session.ended`), with its reason, or null when it gave
   * none this client knows: the session is over all the same.
   */
  readonly sessionEnded$: Observable<SessionEndReason | null>;
  /**
   * The devices' snapshots and deltas as they came: the fleet store decodes and checks them in
   * its worker (fleetStore.ts), so a large fleet's stream is never parsed on the page's thread.
   */
  readonly devicesSnapshot$: Observable<unknown>;
  readonly devicesDelta$: Observable<unknown>;
  readonly fleetSummary$: Observable<FleetSummaryMessage>;
  readonly systemLogs$: Observable<LogsSystemEvent>;
  readonly alarmsChanged$: Observable<AlarmsChangedEvent>;

  constructor(
    private readonly socket: LiveSocket,
    now: () => number = Date.now,
  ) {
    this.connects$ = this.event('connect').pipe(map(() => undefined));
    this.disconnects$ = this.event('disconnect').pipe(map(() => undefined));
    this.clock$ = this.parsed(LiveEvent.CLOCK, ClockEventSchema).pipe(
      map((clock) => Date.parse(clock.serverTime)),
      filter((remoteTime) => !Number.isNaN(remoteTime)),
      map((remoteTime) => ({ remoteTime, receivedAt: now() })),
    );
    this.upstreamStatus$ = this.parsed(LiveEvent.UPSTREAM_STATUS, UpstreamStatusEventSchema);
    this.sessionEnded$ = this.event(LiveEvent.SESSION_ENDED).pipe(
      map((payload) => {
        const parsed = SessionEndedEventSchema.safeParse(payload);
        return parsed.success ? parsed.data.reason : null;
      }),
    );
    this.devicesSnapshot$ = this.event(LiveEvent.DEVICES_SNAPSHOT);
    this.devicesDelta$ = this.event(LiveEvent.DEVICES_DELTA);
    this.fleetSummary$ = this.parsed(LiveEvent.FLEET_SUMMARY, FleetSummaryMessageSchema);
    this.systemLogs$ = this.parsed(LiveEvent.LOGS_SYSTEM, LogsSystemEventSchema);
    this.alarmsChanged$ = this.parsed(LiveEvent.ALARMS_CHANGED, AlarmsChangedEventSchema);
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Subscribes to an environment's devices; `onAck` gets the gateway's answer, if it is one. */
  subscribeDevices(request: DevicesSubscribe, onAck: (ack: DevicesSubscribeAck) => void): void {
    this.socket.emit(LiveEvent.DEVICES_SUBSCRIBE, request, (answer: unknown) => {
      const parsed = DevicesSubscribeAckSchema.safeParse(answer);
      if (parsed.success) onAck(parsed.data);
    });
  }

  unsubscribeDevices(environmentId: number): void {
    this.socket.emit(LiveEvent.DEVICES_UNSUBSCRIBE, { environmentId });
  }

  /** Subscribes to an environment's fleet summary; `onAck` gets the gateway's answer, if it is one. */
  subscribeSummary(environmentId: number, onAck: (ack: SubscribeAck) => void): void {
    this.socket.emit(LiveEvent.SUMMARY_SUBSCRIBE, { environmentId }, (answer: unknown) =>
      onSubscribeAck(answer, onAck),
    );
  }

  unsubscribeSummary(environmentId: number): void {
    this.socket.emit(LiveEvent.SUMMARY_UNSUBSCRIBE, { environmentId });
  }

  /** Subscribes to an environment's system log tail; `onAck` gets the gateway's answer, if it is one. */
  subscribeLogs(environmentId: number, onAck: (ack: SubscribeAck) => void): void {
    this.socket.emit(LiveEvent.LOGS_SUBSCRIBE, { environmentId }, (answer: unknown) => onSubscribeAck(answer, onAck));
  }

  unsubscribeLogs(environmentId: number): void {
    this.socket.emit(LiveEvent.LOGS_UNSUBSCRIBE, { environmentId });
  }

  /** Subscribes to an environment's alarm changes; `onAck` gets the gateway's answer, if it is one. */
  subscribeAlarms(environmentId: number, onAck: (ack: SubscribeAck) => void): void {
    this.socket.emit(LiveEvent.ALARMS_SUBSCRIBE, { environmentId }, (answer: unknown) => onSubscribeAck(answer, onAck));
  }

  unsubscribeAlarms(environmentId: number): void {
    this.socket.emit(LiveEvent.ALARMS_UNSUBSCRIBE, { environmentId });
  }

  /**
   * One event's payloads, as they came, while anyone is subscribed: one socket listener
   * however many subscribe (several environments' feeds hear the same event).
   */
  private event(name: InboundEvent): Observable<unknown> {
    const socket = this.socket as unknown as UnparsedEmitter;
    return new Observable<unknown>((subscriber) => {
      const listener = (payload: unknown) => subscriber.next(payload);
      socket.on(name, listener);
      return () => socket.off(name, listener);
    }).pipe(share());
  }

  /** One event's payloads that pass `schema`, typed by it; the rest dropped. Each payload is parsed once, for every subscriber. */
  private parsed<Payload>(name: InboundEvent, schema: z.ZodType<Payload>): Observable<Payload> {
    return this.event(name).pipe(
      map((payload) => schema.safeParse(payload)),
      filter((parsed): parsed is z.ZodSafeParseSuccess<Payload> => parsed.success),
      map((parsed) => parsed.data),
      share(),
    );
  }
}

function onSubscribeAck(answer: unknown, onAck: (ack: SubscribeAck) => void): void {
  const parsed = SubscribeAckSchema.safeParse(answer);
  if (parsed.success) onAck(parsed.data);
}
