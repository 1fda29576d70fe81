import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { compactDeviceLiveState } from './devicePatch.js';
import { FLEET_SNAPSHOT_ENCODING, type DeviceLiveState } from './events.js';
import {
  decodeDevicesSnapshot,
  decodeFleetColumns,
  decodeFleetColumnsInTurns,
  devicesStateColumns,
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

  it('writes names and serials in series as what each adds to the one before, whatever the text', () => {
    const fleet = [
      device(1, { name: 'north-halo-0140', pairing_id: 'HL-00000140' }),
      device(2, { name: 'north-halo-0141', pairing_id: 'HL-00000141' }),
      device(3, { name: 'north-halo-0141', pairing_id: 'HL-00000142' }),
      device(4, { name: '', pairing_id: 'HL-0' }),
      // Two texts alike up to the middle of an emoji (U+1F600 and U+1F601 share their first half).
      device(5, { name: 'מגדל-\u{1F600}', pairing_id: 'x' }),
      device(6, { name: 'מגדל-\u{1F601}', pairing_id: 'xyz' }),
      device(7, { name: 'a', pairing_id: 'xy' }),
    ];
    const columns = encodeFleetColumns(fleet);
    expect(columns.name.shared).toEqual([0, 14, 15, 0, 0, 5, 0]);
    expect(columns.name.rest).toEqual(['north-halo-0140', '1', '', '', 'מגדל-\u{1F600}', '\u{1F601}', 'a']);
    expect(columns.pairing_id.rest.slice(0, 3)).toEqual(['HL-00000140', '1', '2']);
    expect(decodeFleetSnapshotData(encodeFleetSnapshotData(fleet))).toEqual(fleet);
    const series = Array.from({ length: 2000 }, (_, index) =>
      device(index + 1, { name: `site-${String(index).padStart(5, '0')}`, pairing_id: `SN${100000 + index}` }),
    );
    const plain = JSON.stringify(series.map((entry) => [entry.name, entry.pairing_id])).length;
    const coded = JSON.stringify([encodeFleetColumns(series).name, encodeFleetColumns(series).pairing_id]).length;
    expect(coded * 2).toBeLessThan(plain);
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
    ['columns of unequal length', (columns) => (columns.name as { rest: unknown[] }).rest.pop()],
    ['a name that is not text', (columns) => ((columns.name as { rest: unknown[] }).rest[3] = 42)],
    [
      'a name sharing more than the previous one has',
      (columns) => ((columns.name as { shared: unknown[] }).shared[2] = 40),
    ],
    ['a name sharing a negative length', (columns) => ((columns.name as { shared: unknown[] }).shared[2] = -1)],
    ['a first name sharing with nothing', (columns) => ((columns.name as { shared: unknown[] }).shared[0] = 1)],
    [
      'a serial sharing a fractional length',
      (columns) => ((columns.pairing_id as { shared: unknown[] }).shared[1] = 1.5),
    ],
    ['a name column of the old plain form', (columns) => (columns.name = VARIED.map((entry) => entry.name))],
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

/** A small seeded generator (mulberry32): the same odd states on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  return { next, pick };
}

const ODD_TEXT = ['', ' ', 'ünïcödé 名前', '"quoted" \\ back\nslash', '\u0000nul', '🛰️ sat', 'x'.repeat(300)];
const ODD_NUMBERS = [0, -0, -0.000001, 1e-9, 123.456789123, -179.999995, 89.999995, 1e15, -1e15, 5e-7];

/** A valid live state as an upstream may send it: every optional field present or not, odd values. */
function oddState(id: number, rng: ReturnType<typeof random>): DeviceLiveState {
  const state: DeviceLiveState = {
    id,
    name: rng.pick(ODD_TEXT) + String(id),
    pairing_id: rng.pick(ODD_TEXT),
    type: rng.pick([0, 1, 2, -1, 2 ** 31]),
    is_server: rng.next() < 0.5,
    is_enabled: rng.next() < 0.5,
    is_activated: rng.next() < 0.5,
    availability: rng.pick([null, 0, 1, 2]),
    main_app_status: rng.pick([null, 0, 1, 7]),
    device_state: rng.pick([1, 2, 3, 4]),
  };
  if (rng.next() < 0.7)
    state.links = rng.pick([LINKS, {}, { [rng.pick(ODD_TEXT)]: { online: 0, total: 3 } }, { ...LINKS }]);
  const where = rng.next();
  if (where < 0.2) state.location = null;
  else if (where < 0.8) {
    const coordinate = [rng.pick(ODD_NUMBERS), rng.pick(ODD_NUMBERS)];
    if (rng.next() < 0.1) coordinate.push(rng.pick(ODD_NUMBERS));
    state.location = { coordinate, accuracy: Math.abs(rng.pick(ODD_NUMBERS)) };
    if (rng.next() < 0.5) state.location.altitude = rng.next() < 0.3 ? null : rng.pick(ODD_NUMBERS);
    if (rng.next() < 0.5) state.location.time = rng.next() < 0.5 ? null : '2026-11-23T10:00:01.000Z';
  }
  if (rng.next() < 0.5) state.gnss_lock = rng.next() < 0.5;
  if (rng.next() < 0.5) state.versions = rng.pick([{ firmware: '1.2.3' }, {}, { [rng.pick(ODD_TEXT)]: '' }]);
  if (rng.next() < 0.5) state.updated_at = '2026-11-23T10:00:02.000Z';
  return state;
}

describe('devices_state as fleet columns', () => {
  it('decodes to what the JSON entries give once compacted, for any valid state (seeded property)', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const rng = random(seed);
      const states = Array.from({ length: 60 }, (_, index) =>
        oddState(index * 3 + 1 + Math.floor(rng.next() * 3), rng),
      );
      // Both as they arrive: through JSON text.
      const overJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
      const fromEntries = (overJson(states) as DeviceLiveState[]).map(compactDeviceLiveState);
      const fromColumns = decodeFleetColumns(overJson(devicesStateColumns(states)));
      expect(fromColumns, `seed ${seed}`).toEqual(fromEntries.sort((a, b) => a.id - b.id));
    }
  });

  it('leaves nothing beside the columns: every compact state fits them', () => {
    const rng = random(7);
    const states = Array.from({ length: 200 }, (_, index) => oddState(index + 1, rng)).filter(
      (state) => (state.location?.coordinate.length ?? 2) === 2,
    );
    expect(devicesStateColumns(states).extra).toEqual([]);
  });

  it('decodes in turns to exactly what it decodes at once, pausing every so many devices', async () => {
    const rng = random(11);
    const columns = JSON.parse(
      JSON.stringify(devicesStateColumns(Array.from({ length: 250 }, (_, index) => oddState(index + 1, rng)))),
    ) as unknown;
    let pauses = 0;
    const inTurns = await decodeFleetColumnsInTurns(columns, 100, () => {
      pauses += 1;
      return Promise.resolve();
    });
    expect(inTurns).toEqual(decodeFleetColumns(columns));
    expect(pauses).toBe(2);
    await expect(decodeFleetColumnsInTurns({ n: 1 }, 100, () => Promise.resolve())).rejects.toThrow(
      FleetSnapshotDecodeError,
    );
  });
});
