import { describe, expect, it } from 'vitest';
import {
  applyDeviceLivePatch,
  compactDeviceLiveState,
  decodeDevicePatch,
  diffDeviceLiveState,
  encodeDevicePatch,
  patchDeviceLiveState,
  type DeviceLivePatch,
} from './devicePatch.js';
import { DeviceLiveStateSchema, DevicesDeltaSchema, type DeviceLiveState } from './events.js';

const device = (overrides: Partial<DeviceLiveState> = {}): DeviceLiveState => ({
  id: 7,
  name: 'halo-7',
  pairing_id: 'SN-7',
  type: 1,
  is_server: false,
  is_enabled: true,
  is_activated: true,
  availability: 1,
  main_app_status: 1,
  device_state: 1,
  links: { cellular: { online: 2, total: 3 }, eth: { online: 1, total: 1 } },
  location: { coordinate: [34.78123, 32.08123], altitude: 80.5, accuracy: 4.2 },
  gnss_lock: true,
  ...overrides,
});

/** The patch with the live state's field names, for readable expectations. */
const diff = (before: DeviceLiveState | undefined, after: DeviceLiveState) => {
  const patch = diffDeviceLiveState(before, after);
  return patch && decodeDevicePatch(patch);
};

describe('diffDeviceLiveState', () => {
  it('sends only the fields that changed, nested ones field by field', () => {
    const before = device();
    const after = device({
      links: { cellular: { online: 1, total: 3 }, eth: { online: 1, total: 1 } },
      location: { coordinate: [34.7813, 32.0813], altitude: 80.5, accuracy: 4.2 },
    });
    expect(diff(before, after)).toEqual({
      id: 7,
      links: { cellular: { online: 1 } },
      location: { coordinate: [34.7813, 32.0813] },
    });
  });

  it('is null when nothing differs, and the whole state for an unknown device', () => {
    expect(diffDeviceLiveState(device(), device())).toBeNull();
    expect(diff(undefined, device())).toEqual(device());
  });

  it('keeps null as a value, and names fields that went away or lost keys in $replace', () => {
    expect(diff(device(), device({ main_app_status: null }))).toEqual({ id: 7, main_app_status: null });
    expect(diff(device(), device({ location: null }))).toEqual({ id: 7, location: null });
    const { gnss_lock: _gone, ...withoutLock } = device();
    expect(diff(device(), withoutLock)).toEqual({ id: 7, $replace: ['gnss_lock'] });
    expect(diff(device({ versions: { firmware: '1', modem: '2' } }), device({ versions: { firmware: '1' } }))).toEqual({
      id: 7,
      versions: { firmware: '1' },
      $replace: ['versions'],
    });
  });

  it('keeps a typical move small on the wire, with short field names per level', () => {
    const before = device();
    const after = device({ location: { coordinate: [34.78151, 32.08177], altitude: 80.5, accuracy: 4.2 } });
    const patch = diffDeviceLiveState(before, after);
    expect(patch).toEqual({ id: 7, l: { c: [34.78151, 32.08177] } });
    expect(JSON.stringify(patch).length).toBeLessThanOrEqual(40);
    expect(
      diffDeviceLiveState(
        device({ versions: { n: '1' } }),
        device({ links: { cellular: { online: 0, total: 3 }, eth: { online: 1, total: 1 } }, versions: { n: '2' } }),
      ),
    ).toEqual({ id: 7, k: { cellular: { o: 0 } }, r: { n: '2' } });
  });

  it('translates names both ways, leaving names it does not know (link kinds, versions) as they are', () => {
    const long = { ...device(), versions: { c: 'x', firmware: '2' }, $replace: ['gnss_lock', 'odd'] };
    const wire = encodeDevicePatch(long);
    expect(Object.keys(wire)).not.toContain('location');
    expect(wire.r).toEqual({ c: 'x', firmware: '2' });
    expect(wire.$replace).toEqual(['g', 'odd']);
    expect(decodeDevicePatch(wire)).toEqual(long);
  });
});

describe('applyDeviceLivePatch', () => {
  it('gives back the new state for every diff, leaving the old one untouched', () => {
    const cases: [DeviceLiveState, DeviceLiveState][] = [
      [device(), device({ availability: 0, main_app_status: null, links: { cellular: { online: 0, total: 3 } } })],
      [device(), device({ location: null, versions: { firmware: '2.1.0' } })],
      [device({ location: null }), device()],
      [device({ versions: { firmware: '1', modem: '2' } }), device({ versions: { firmware: '1' } })],
      [device(), device({ gnss_lock: undefined, links: undefined })],
      [device({ links: { eth: { online: 1, total: 1 } } }), device()],
    ];
    for (const [before, after] of cases) {
      const frozen = structuredClone(before);
      const patch = diffDeviceLiveState(before, after);
      expect(patch).not.toBeNull();
      expect(applyDeviceLivePatch(before, patch!)).toEqual(after);
      expect(before).toEqual(frozen);
    }
  });

  it('shares what the patch does not touch', () => {
    const before = device();
    const after = applyDeviceLivePatch(before, encodeDevicePatch({ id: 7, availability: 0 })) as DeviceLiveState;
    expect(after.availability).toBe(0);
    expect(after.links).toBe(before.links);
    expect(after.location).toBe(before.location);
  });

  it('never writes through the prototype, and a malformed result fails the state schema', () => {
    const patch = JSON.parse(
      '{"id":7,"__proto__":{"polluted":true},"location":{"constructor":{"x":1}},"$replace":["__proto__",7]}',
    ) as DeviceLivePatch;
    const after = applyDeviceLivePatch(device(), patch) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(after)).toBe(Object.prototype);
    expect(DeviceLiveStateSchema.safeParse(applyDeviceLivePatch(device(), { id: 7, availability: 'up' })).success).toBe(
      false,
    );
    expect(
      DeviceLiveStateSchema.safeParse(applyDeviceLivePatch(undefined, { id: 8, name: 'half a device' })).success,
    ).toBe(false);
  });
});

describe('patchDeviceLiveState', () => {
  const wire = (patch: Record<string, unknown>) => encodeDevicePatch({ id: 7, ...patch });

  it('gives the new state for a good patch and for a new device', () => {
    expect(patchDeviceLiveState(device(), wire({ availability: 0, location: { coordinate: [1, 2] } }))).toEqual(
      device({ availability: 0, location: { coordinate: [1, 2], altitude: 80.5, accuracy: 4.2 } }),
    );
    expect(patchDeviceLiveState(undefined, encodeDevicePatch(device()))).toEqual(device());
  });

  it('refuses a patch that does not give a valid state', () => {
    const refused: [DeviceLiveState | undefined, DeviceLivePatch][] = [
      [device(), wire({ availability: 'up' })],
      [device(), wire({ location: { coordinate: 'here' } })],
      [device({ location: null }), wire({ location: { coordinate: [1, 2] } })],
      [device({ links: { eth: { online: 1, total: 1 } } }), wire({ links: { wifi: { online: 1 } } })],
      [device(), wire({ $replace: ['name'] })],
      [undefined, wire({ name: 'half a device' })],
    ];
    for (const [index, [before, patch]] of refused.entries())
      expect(patchDeviceLiveState(before, patch), `case ${index}`).toBeNull();
  });
});

describe('compactDeviceLiveState', () => {
  it('drops updated_at and the location time and rounds positions to what the console shows', () => {
    const compact = compactDeviceLiveState(
      device({
        updated_at: '2026-11-23T10:00:00.000Z',
        location: {
          coordinate: [34.781234567, 32.081298765],
          altitude: 80.5432,
          accuracy: 4.2345,
          time: '2026-11-23T10:00:00.000Z',
        },
      }),
    );
    expect(compact).not.toHaveProperty('updated_at');
    expect(compact.location).toEqual({ coordinate: [34.78123, 32.0813], altitude: 81, accuracy: 4.2 });
    expect(DeviceLiveStateSchema.parse(compact)).toEqual(compact);
    expect(compactDeviceLiveState(device({ location: null })).location).toBeNull();
    expect(compactDeviceLiveState(device({ location: undefined }))).not.toHaveProperty('location');
  });
});

describe('DevicesDeltaSchema', () => {
  it('takes patches with an id and refuses entries without one', () => {
    const delta = {
      environmentId: 1,
      epoch: 'e',
      seq: 1,
      changed: [{ id: 3, availability: 0 }],
      removed: [],
      changedAt: 1,
    };
    expect(DevicesDeltaSchema.parse(delta).changed[0]).toEqual({ id: 3, availability: 0 });
    expect(DevicesDeltaSchema.safeParse({ ...delta, changed: [{ availability: 0 }] }).success).toBe(false);
  });
});

describe('compactDeviceLiveState sharing', () => {
  it('gives devices with the same link counts or versions one shared object, and tells different ones apart', () => {
    const base = {
      name: 'd',
      pairing_id: 'p',
      type: 1,
      is_server: false,
      is_enabled: true,
      is_activated: true,
      availability: 1,
      main_app_status: 1,
      device_state: 1,
    };
    const one = compactDeviceLiveState({
      ...base,
      id: 1,
      links: { cellular: { online: 1, total: 2 } },
      versions: { fw: '1' },
    });
    const two = compactDeviceLiveState({
      ...base,
      id: 2,
      links: { cellular: { online: 1, total: 2 } },
      versions: { fw: '1' },
    });
    expect(two.links).toBe(one.links);
    expect(two.versions).toBe(one.versions);
    // Kinds that would read alike if joined naively stay apart.
    const tricky = compactDeviceLiveState({
      ...base,
      id: 3,
      links: { 'a:1/1|b': { online: 2, total: 3 } },
    });
    const plain = compactDeviceLiveState({
      ...base,
      id: 4,
      links: { a: { online: 1, total: 1 }, b: { online: 2, total: 3 } },
    });
    expect(tricky.links).toEqual({ 'a:1/1|b': { online: 2, total: 3 } });
    expect(plain.links).toEqual({ a: { online: 1, total: 1 }, b: { online: 2, total: 3 } });
  });
});
