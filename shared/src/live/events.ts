/**
 * The socket event map of the live protocol (DESIGN.md): namespace `/live`, a snapshot with
 * an epoch and seq, then ordered deltas. Both ends validate payloads with these schemas.
 */
import { z } from 'zod';
import { AlarmSchema } from '../alarms/alarm.js';
import { SessionEndReasonSchema } from '../auth/auth.js';
import { SystemLogEntrySchema } from '../logs/systemLog.js';
import type { FleetSummaryMessage } from './fleetSummary.js';

export const LIVE_NAMESPACE = '/live';

export const LinkCountsSchema = z.object({ online: z.number().int().min(0), total: z.number().int().min(0) });

const DeviceLocationSchema = z.object({
  coordinate: z.array(z.number()),
  altitude: z.number().nullable().optional(),
  accuracy: z.number(),
  time: z.string().nullable().optional(),
});

/**
 * What the live view needs of one device. The upstream's devices_state entries have this shape;
 * the gateway keeps them compact (compactDeviceLiveState: no updated_at, no location time) and
 * sends changes as patches of it.
 */
export const DeviceLiveStateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pairing_id: z.string(),
  type: z.number().int(),
  is_server: z.boolean(),
  is_enabled: z.boolean(),
  is_activated: z.boolean(),
  availability: z.number().int().nullable(),
  main_app_status: z.number().int().nullable(),
  device_state: z.number().int(),
  links: z.record(z.string(), LinkCountsSchema).optional(),
  location: DeviceLocationSchema.nullable().optional(),
  gnss_lock: z.boolean().optional(),
  versions: z.record(z.string(), z.string()).optional(),
  updated_at: z.string().optional(),
});
export type DeviceLiveState = z.infer<typeof DeviceLiveStateSchema>;

/**
 * The fields of a patch (long names): any field of the state, objects possibly in part. With
 * a valid state to apply to, a patch that passes this gives a valid state unless it fills a
 * missing object in part or names `$replace` (patchDeviceLiveState checks those in full):
 * validating a few changed fields costs far less than a whole state, a thousand times a delta.
 */
export const DeviceLivePatchFieldsSchema = DeviceLiveStateSchema.extend({
  links: z.record(z.string(), LinkCountsSchema.partial()),
  location: DeviceLocationSchema.partial().nullable(),
  $replace: z.array(z.string()),
}).partial();

export const DevicesSubscribeSchema = z.strictObject({
  environmentId: z.number().int().positive(),
  epoch: z.string().max(64).optional(),
  seq: z.number().int().min(0).optional(),
});
export type DevicesSubscribe = z.infer<typeof DevicesSubscribeSchema>;

export const DevicesSubscribeAckSchema = z.union([
  z.object({ ok: z.literal(true), mode: z.enum(['replay', 'snapshot']) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type DevicesSubscribeAck = z.infer<typeof DevicesSubscribeAckSchema>;

/** The `encoding` a snapshot message names: the columns of fleetSnapshotCodec.ts, in JSON, raw-DEFLATE compressed. */
export const FLEET_SNAPSHOT_ENCODING = 'columns-deflate-2';

/** How binary data arrives: a Buffer in Node, an ArrayBuffer (or a view) in browsers. */
export type BinaryData = Uint8Array | ArrayBuffer | ArrayBufferView;
const BinaryDataSchema = z.custom<BinaryData>(
  (value) => value instanceof ArrayBuffer || ArrayBuffer.isView(value),
  'not binary data',
);

/**
 * `devices.snapshot` as it travels: the environment's whole live state at (epoch, seq), its
 * devices in one binary attachment (fleetSnapshotCodec.ts; `decodeDevicesSnapshot` reads it).
 */
export const DevicesSnapshotMessageSchema = z.object({
  environmentId: z.number().int(),
  epoch: z.string(),
  seq: z.number().int().min(0),
  /** Devices in `data`. */
  count: z.number().int().min(0),
  encoding: z.literal(FLEET_SNAPSHOT_ENCODING),
  data: BinaryDataSchema,
});
export type DevicesSnapshotMessage = z.infer<typeof DevicesSnapshotMessageSchema>;

/** A snapshot as a client holds it, decoded: every device's live state. */
export interface DevicesSnapshot {
  readonly environmentId: number;
  readonly epoch: string;
  readonly seq: number;
  readonly devices: readonly DeviceLiveState[];
}

/**
 * One device's change in a delta: its id and a JSON Merge Patch of the rest (devicePatch.ts).
 * Only the id is checked here; the receiver validates the state the patch produces.
 */
export const DeviceLivePatchSchema = z.looseObject({ id: z.number().int() });

export const DevicesDeltaSchema = z.object({
  environmentId: z.number().int(),
  epoch: z.string(),
  seq: z.number().int().min(1),
  /** Field-level changes: a device new to the receiver comes whole, others as merge patches. */
  changed: z.array(DeviceLivePatchSchema),
  removed: z.array(z.number().int()),
  /** When the oldest upstream change this delta carries happened (epoch ms), when known. */
  changedAt: z.number().optional(),
});
export type DevicesDelta = z.infer<typeof DevicesDeltaSchema>;

/**
 * `summary.subscribe` (the fleet summary of one environment, fleetSummary.ts) and
 * `logs.subscribe` (its new system log entries, the system log's live tail), and their
 * `*.unsubscribe`: an environment, answered with a plain ack.
 */
export const EnvironmentSubscribeSchema = z.strictObject({ environmentId: z.number().int().positive() });
export type EnvironmentSubscribe = z.infer<typeof EnvironmentSubscribeSchema>;

export const SubscribeAckSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type SubscribeAck = z.infer<typeof SubscribeAckSchema>;

export const ClockEventSchema = z.object({ serverTime: z.string() });
export type ClockEvent = z.infer<typeof ClockEventSchema>;

/** A system log entry as `logs.system` carries it: the same shape the system_logs call answers. */
export const LiveSystemLogEntrySchema = SystemLogEntrySchema;
export type LiveSystemLogEntry = z.infer<typeof LiveSystemLogEntrySchema>;

export const LogsSystemEventSchema = z.object({
  environmentId: z.number().int(),
  entries: z.array(LiveSystemLogEntrySchema),
});
export type LogsSystemEvent = z.infer<typeof LogsSystemEventSchema>;

/**
 * `alarms.changed`: alarms of the environment that opened, changed, were acknowledged or
 * cleared, each as it is now (a copy with a higher `revision` replaces an older one). The
 * gateway reads them once per environment, however many operators watch. `resync` says what
 * the changes cannot carry happened (a silence began or ended, changes were missed): the
 * screen reads its list again.
 */
export const AlarmsChangedEventSchema = z.object({
  environmentId: z.number().int(),
  alarms: z.array(AlarmSchema),
  resync: z.boolean(),
});
export type AlarmsChangedEvent = z.infer<typeof AlarmsChangedEventSchema>;

export const SessionEndedEventSchema = z.object({ reason: SessionEndReasonSchema });
export type SessionEndedEvent = z.infer<typeof SessionEndedEventSchema>;

export const UpstreamState = { OK: 'ok', DEGRADED: 'degraded', DOWN: 'down' } as const;
export type UpstreamState = (typeof UpstreamState)[keyof typeof UpstreamState];
export const UpstreamStatusEventSchema = z.object({
  state: z.enum(['ok', 'degraded', 'down']),
  /** When the current state began. */
  since: z.string(),
  /** Time of the last good data from the upstream, when known. */
  lastGoodAt: z.string().nullable().optional(),
});
export type UpstreamStatusEvent = z.infer<typeof UpstreamStatusEventSchema>;

/** Event names, so neither end spells them by hand. */
export const LiveEvent = {
  DEVICES_SUBSCRIBE: 'devices.subscribe',
  DEVICES_UNSUBSCRIBE: 'devices.unsubscribe',
  DEVICES_SNAPSHOT: 'devices.snapshot',
  DEVICES_DELTA: 'devices.delta',
  SUMMARY_SUBSCRIBE: 'summary.subscribe',
  SUMMARY_UNSUBSCRIBE: 'summary.unsubscribe',
  FLEET_SUMMARY: 'fleet.summary',
  LOGS_SUBSCRIBE: 'logs.subscribe',
  LOGS_UNSUBSCRIBE: 'logs.unsubscribe',
  ALARMS_SUBSCRIBE: 'alarms.subscribe',
  ALARMS_UNSUBSCRIBE: 'alarms.unsubscribe',
  ALARMS_CHANGED: 'alarms.changed',
  CLOCK: 'clock',
  LOGS_SYSTEM: 'logs.system',
  SESSION_ENDED: 'session.ended',
  UPSTREAM_STATUS: 'upstream.status',
} as const;

/** socket.io typed maps: gateway to browser. */
export interface LiveServerToClientEvents {
  'devices.snapshot': (payload: DevicesSnapshotMessage) => void;
  'devices.delta': (payload: DevicesDelta) => void;
  'fleet.summary': (payload: FleetSummaryMessage) => void;
  clock: (payload: ClockEvent) => void;
  'logs.system': (payload: LogsSystemEvent) => void;
  'alarms.changed': (payload: AlarmsChangedEvent) => void;
  'session.ended': (payload: SessionEndedEvent) => void;
  'upstream.status': (payload: UpstreamStatusEvent) => void;
}

/** socket.io typed maps: browser to gateway. */
export interface LiveClientToServerEvents {
  'devices.subscribe': (payload: DevicesSubscribe, ack: (answer: DevicesSubscribeAck) => void) => void;
  'devices.unsubscribe': (payload: { environmentId: number }) => void;
  'summary.subscribe': (payload: EnvironmentSubscribe, ack: (answer: SubscribeAck) => void) => void;
  'summary.unsubscribe': (payload: EnvironmentSubscribe) => void;
  'logs.subscribe': (payload: EnvironmentSubscribe, ack: (answer: SubscribeAck) => void) => void;
  'logs.unsubscribe': (payload: EnvironmentSubscribe) => void;
  'alarms.subscribe': (payload: EnvironmentSubscribe, ack: (answer: SubscribeAck) => void) => void;
  'alarms.unsubscribe': (payload: EnvironmentSubscribe) => void;
}

/** The handshake's `auth` object. */
export const LiveHandshakeAuthSchema = z.object({ token: z.string().min(1).max(512) });
