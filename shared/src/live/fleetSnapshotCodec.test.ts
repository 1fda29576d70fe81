import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FLEET_SNAPSHOT_ENCODING, type DeviceLiveState } from './events.js';
import {
  decodeDevicesSnapshot,
  decodeFleetColumns,
  decodeFleetSnapshotData,
  encodeDevicesSnapshot,
  encodeFleetColumns,
  encodeFleetSnapshotData,
  FleetSnapshotDecodeError,
} from './fleetSnapshotCodec.js';

const device = (id: number, overrides: Partial<DeviceLiveState> = {}): DeviceLiveState => ({
  id,
  name: `halo-${id}`,
  pairing_id: `SN-${id}`,
  type: 1,
  is_server: false,
  is_enabled: true,
  is_activated: true,
  availability: 1,
  main_app_status: 1,
  device_state: 1,
  ...overrides,
});

const LINKS = {
  cellular: { online: 2, total: 4 },
  eth: { online: 1, total: 1 },
};

/** Every shape a live state can take, each one valid. */
const VARIED: DeviceLiveState[] = [
  device(1),
  device(2, { is_server: true, is_enabled: false, is_activated: false, availability: null, main_app_status: null }),
  device(3, { links: LINKS, gnss_lock: true, versions: { firmware: '12.6.1' } }),
  device(4, { links: { ...LINKS }, gnss_lock: false, location: null }),
  device(5, { location: { coordinate: [-73.99426, 40.67229], accuracy: 8.3, altitude: 31 } }),
  device(6, { location: { coordinate: [179.99999, -89.5], accuracy: 0, altitude: null } }),
  device(7, { location: { coordinate: [0, 0], accuracy: 0 } }),
  // What the columns cannot hold: a location time, three coordinates, an updated_at.
  device(8, { location: { coordinate: [34.8, 32.1], accuracy: 3, time: '2026-11-25T10:00:00Z' } }),
  device(9, { location: { coordinate: [34.8, 32.1, 120], accuracy: 3 } }),
  device(10, { updated_at: '2026-11-25T10:00:00.000Z', name: 'שרת-ראשי "quoted" \u0000' }),
  device(12, { type: 2, device_state: 0, main_app_status: 2, versions: {} }),
];

const byId = (devices: readonly DeviceLiveState[]) => [...devices].sort((a, b) => a.id - b.id);

/** The columns of VARIED as JSON, changed by `change`: what a hostile or broken sender could send. */
function tampered(change: (columns: Record<string, unknown>) => void): unknown {
  const columns = JSON.parse(JSON.stringify(encodeFleetColumns(VARIED))) as Record<string, unknown>;
  change(columns);
  return columns;
}

describe('fleet snapshot codec', () => {
  it('gives back every state as it was, sorted by id', () => {
    const shuffled = [...VARIED].reverse();
    expect(decodeFleetSnapshotData(encodeFleetSnapshotData(shuffled))).toEqual(byId(VARIED));
    expect(decodeFleetColumns(JSON.parse(JSON.stringify(encodeFleetColumns(shuffled))))).toEqual(byId(VARIED));
  });

  it('keeps a location time, a third coordinate and updated_at beside the columns', () => {
    const columns = encodeFleetColumns(VARIED);
    expect(columns.extra.map(([position]) => VARIED[position]?.id)).toEqual([8, 9, 10]);
    const decoded = decodeFleetColumns(JSON.parse(JSON.stringify(columns)));
    expect(decoded.find((entry) => entry.id === 8)?.location?.time).toBe('2026-11-25T10:00:00Z');
    expect(decoded.find((entry) => entry.id === 9)?.location?.coordinate).toEqual([34.8, 32.1, 120]);
  });

  it('writes a repeated link or version object once', () => {
    const fleet = Array.from({ length: 500 }, (_, index) =>
      device(index + 1, { links: { ...LINKS }, versions: { firmware: index % 2 ? '12.6.1' : '12.5.4' } }),
    );
    const columns = encodeFleetColumns(fleet);
    expect(columns.links.values).toHaveLength(1);
    expect(columns.versions.values).toHaveLength(2);
    expect(decodeFleetColumns(JSON.parse(JSON.stringify(columns)))).toEqual(fleet);
  });

  it('is far smaller than the states as a JSON list', () => {
    const fleet = Array.from({ length: 2000 }, (_, index) =>
      device(index + 1, {
        links: { cellular: { online: index % 4, total: 4 } },
        location: { coordinate: [34 + (index % 97) / 1000, 32 + (index % 89) / 1000], accuracy: 5 },
      }),
    );
    const compact = encodeFleetSnapshotData(fleet).byteLength;
    expect(compact * 10).toBeLessThan(JSON.stringify(fleet).length);
  });

  it('carries an empty fleet', () => {
    expect(decodeFleetSnapshotData(encodeFleetSnapshotData([]))).toEqual([]);
  });

  it('reads a message as a receiver gets it, from a Buffer, an ArrayBuffer or a view', () => {
    const message = encodeDevicesSnapshot({ environmentId: 3, epoch: 'e1', seq: 7, devices: VARIED });
    expect(message).toMatchObject({ environmentId: 3, epoch: 'e1', seq: 7, count: VARIED.length });
    expect(message.encoding).toBe(FLEET_SNAPSHOT_ENCODING);
    const bytes = message.data as Uint8Array;
    const copy = bytes.slice().buffer;
    const inLarger = new Uint8Array(bytes.byteLength + 10);
    inLarger.set(bytes, 5);
    for (const data of [Buffer.from(bytes), copy, new DataView(inLarger.buffer, 5, bytes.byteLength)]) {
      expect(decodeDevicesSnapshot({ ...message, data }).devices).toEqual(byId(VARIED));
    }
  });

  it.each<[string, unknown]>([
    ['a payload that is not an object', 'snapshot'],
    [
      'another encoding',
      { ...encodeDevicesSnapshot({ environmentId: 3, epoch: 'e', seq: 1, devices: [] }), encoding: 'json' },
    ],
    [
      'data that is text',
      { ...encodeDevicesSnapshot({ environmentId: 3, epoch: 'e', seq: 1, devices: [] }), data: 'x' },
    ],
    [
      'a count that is not the devices',
      { ...encodeDevicesSnapshot({ environmentId: 3, epoch: 'e', seq: 1, devices: VARIED }), count: 2 },
    ],
  ])('refuses %s', (_case, payload) => {
    expect(() => decodeDevicesSnapshot(payload)).toThrow(FleetSnapshotDecodeError);
  });

  it('refuses data that is not compressed JSON columns', () => {
    const text = new TextEncoder();
    expect(() => decodeFleetSnapshotData(new Uint8Array([1, 2, 3, 4, 5]))).toThrow(FleetSnapshotDecodeError);
    expect(() => decodeFleetSnapshotData(deflateSync(text.encode('{"n":')))).toThrow(FleetSnapshotDecodeError);
    expect(() => decodeFleetSnapshotData(deflateSync(text.encode('[1,2]')))).toThrow(FleetSnapshotDecodeError);
  });

  it.each<[string, (columns: Record<string, unknown>) => void]>([
    ['a missing column', (columns) => delete columns.name],
    ['a column that is not a list', (columns) => (columns.type = 'HALO')],
    ['columns of unequal length', (columns) => (columns.name as unknown[]).pop()],
    ['a name that is not text', (columns) => ((columns.name as unknown[])[3] = 42)],
    ['a fractional type', (columns) => ((columns.type as unknown[])[0] = 1.5)],
    ['the same id twice', (columns) => ((columns.id as unknown[])[4] = 0)],
    ['ids going backwards', (columns) => ((columns.id as unknown[])[4] = -2)],
    ['flags out of range', (columns) => ((columns.flags as unknown[])[1] = 64)],
    ['a links index out of range', (columns) => ((columns.links as { index: unknown[] }).index[2] = 99)],
    [
      'link counts that are not counts',
      (columns) => ((columns.links as { values: unknown[] }).values[0] = { cellular: { online: 'up', total: 4 } }),
    ],
    [
      'a versions value that is not text',
      (columns) => ((columns.versions as { values: unknown[] }).values[0] = { a: 1 }),
    ],
    ['a location kind out of range', (columns) => ((columns.location as unknown[])[0] = 7)],
    ['a longitude missing', (columns) => (columns.longitude as unknown[]).pop()],
    ['a latitude that is not a number', (columns) => ((columns.latitude as unknown[])[0] = '32.1')],
    ['an altitude too many', (columns) => (columns.altitude as unknown[]).push(5)],
    ['an extra entry naming an id', (columns) => (columns.extra as unknown[]).push([0, { id: 99 }])],
    ['an extra entry past the end', (columns) => (columns.extra as unknown[]).push([500, { updated_at: 'x' }])],
    ['an extra entry that makes a state invalid', (columns) => (columns.extra as unknown[]).push([0, { type: 'x' }])],
    ['an unknown column', (columns) => (columns.surprise = [])],
  ])('refuses columns with %s', (_case, change) => {
    expect(() => decodeFleetColumns(tampered(change))).toThrow(FleetSnapshotDecodeError);
  });
});
