import { encodeDevicesSnapshot, type DeviceLiveState } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { testLiveDevice } from '../../testing/deviceFixtures';
import { areaPage, boundsOfPoints, DRILL_WORST, firstWorst, MAX_AREA_PAGE, summariseArea } from './fleetDrill';
import { FleetHeatView, type MapArea } from './fleetHeat';
import { FleetStore, type FromFleetStore } from './fleetStore';

/** A device at a position (or none) with `online` of `total` links up, connected or not. */
function device(
  id: number,
  position: [number, number] | [],
  { online = 2, total = 2, availability = 1, mainApp = 1 } = {},
): DeviceLiveState {
  return testLiveDevice({
    id,
    name: `device-${id}`,
    availability,
    main_app_status: mainApp,
    links: { wifi: { online, total } },
    location: position.length === 0 ? null : { coordinate: position, accuracy: 5 },
  });
}

const TEL_AVIV: MapArea = [34.7, 32.0, 34.9, 32.2];

/** The devices of an area as the fleet worker finds them (FleetHeatView's grid). */
function shownIn(devices: readonly DeviceLiveState[], area: MapArea) {
  const view = new FleetHeatView({ metric: 'density', cellDegrees: 1 });
  view.reset(devices);
  return view.shownIn(area);
}

describe('summariseArea', () => {
  const fleet = [
    device(1, [34.8, 32.1]),
    device(2, [34.75, 32.05], { online: 1, total: 2 }),
    device(3, [34.85, 32.15], { availability: 0 }),
    device(4, [34.8, 32.12], { online: 0, total: 3 }),
    device(5, [34.81, 32.11], { mainApp: 2 }),
    // Elsewhere, or nowhere: not counted.
    device(6, [2.35, 48.85], { availability: 0 }),
    device(7, []),
  ];

  it('counts the devices of the area, those with no link, and the mean share of links down', () => {
    const summary = summariseArea(shownIn(fleet, TEL_AVIV));
    expect(summary.devices).toBe(5);
    // Not connected (3) and every link down (4): no connection, as the heat counts it.
    expect(summary.noConnection).toBe(2);
    // Shares down: 0, 0.5, 1 (not connected), 1, 0.
    expect(summary.linksDown).toBeCloseTo(2.5 / 5);
  });

  it('names the worst few, worst first, and never a device that is well', () => {
    const summary = summariseArea(shownIn(fleet, TEL_AVIV));
    expect(summary.worst).toHaveLength(DRILL_WORST);
    expect(summary.worst.map((each) => each.id)).toEqual([3, 4, 2]);
    expect(summary.worst[0]).toMatchObject({ name: 'device-3', health: 'notConnected', connected: false });
    expect(summary.worst[1]).toMatchObject({ health: 'allLinksDown', linksOnline: 0, linksTotal: 3 });
    // A larger list reaches the application that is offline (links all up), and stops at the well.
    expect(summariseArea(shownIn(fleet, TEL_AVIV), 10).worst.map((each) => each.id)).toEqual([3, 4, 2, 5]);
  });

  it('says nothing is wrong where all is well, and nothing at all where there is nothing', () => {
    expect(summariseArea(shownIn([device(1, [34.8, 32.1])], TEL_AVIV))).toEqual({
      devices: 1,
      noConnection: 0,
      linksDown: 0,
      worst: [],
    });
    expect(summariseArea(shownIn(fleet, [10, 10, 11, 11]))).toEqual({
      devices: 0,
      noConnection: 0,
      linksDown: 0,
      worst: [],
    });
  });

  it('reads an area across the antimeridian (west above east)', () => {
    const pacific = [device(1, [179.5, -17]), device(2, [-179.5, -17]), device(3, [0, -17])];
    expect(summariseArea(shownIn(pacific, [179, -18, -179, -16])).devices).toBe(2);
  });
});

describe('areaPage', () => {
  const dense = Array.from({ length: 120 }, (_unused, index) =>
    device(index + 1, [34.8, 32.1], index % 40 === 0 ? { availability: 0 } : {}),
  );

  it('lists a page of the area, worst first then by name', () => {
    const page = areaPage(shownIn(dense, TEL_AVIV), TEL_AVIV, 0, 50);
    expect(page.total).toBe(120);
    expect(page.start).toBe(0);
    expect(page.devices).toHaveLength(50);
    expect(page.devices.slice(0, 3).map((each) => each.id)).toEqual([1, 41, 81]);
    // Then the well ones by name, numbers in order (device-2 before device-10).
    expect(page.devices.slice(3, 6).map((each) => each.name)).toEqual(['device-2', 'device-3', 'device-4']);
    const last = areaPage(shownIn(dense, TEL_AVIV), TEL_AVIV, 100, 50);
    expect(last.devices).toHaveLength(20);
    expect(last.start).toBe(100);
  });

  it('keeps the page within the list and its size within bounds', () => {
    expect(areaPage(shownIn(dense, TEL_AVIV), TEL_AVIV, 5000, 50).start).toBe(100);
    expect(areaPage(shownIn(dense, TEL_AVIV), TEL_AVIV, -3, 50).start).toBe(0);
    expect(areaPage(shownIn(dense, TEL_AVIV), TEL_AVIV, Number.NaN, 50).start).toBe(0);
    expect(areaPage(shownIn(dense, TEL_AVIV), TEL_AVIV, 0, 10_000).devices).toHaveLength(Math.min(120, MAX_AREA_PAGE));
    expect(areaPage(shownIn(dense, [10, 10, 11, 11]), [10, 10, 11, 11], 0, 50)).toMatchObject({
      total: 0,
      start: 0,
      devices: [],
    });
  });
});

describe('boundsOfPoints', () => {
  it('has no bounds without points', () => {
    expect(boundsOfPoints([])).toBeNull();
    expect(boundsOfPoints([[Number.NaN, 3]])).toBeNull();
  });

  it('bounds one point, and many', () => {
    expect(boundsOfPoints([[34.8, 32.1]])).toEqual([34.8, 32.1, 34.8, 32.1]);
    expect(
      boundsOfPoints([
        [34, 32],
        [35, 31],
        [33.5, 33],
        [-74, 40.7],
      ]),
    ).toEqual([-74, 31, 35, 40.7]);
  });

  it('bounds a fleet on both sides of the antimeridian across it, west above east', () => {
    expect(
      boundsOfPoints([
        [178.4, -18.1],
        [-171.8, -13.8],
        [179.9, -16.5],
      ]),
    ).toEqual([178.4, -18.1, -171.8, -13.8]);
    // Written past 180° (a repeated world's copy), the same place.
    expect(boundsOfPoints([[190, 0]])).toEqual([-170, 0, -170, 0]);
  });

  it('bounds around the world only when the widest empty stretch is elsewhere', () => {
    // America, Europe and Asia: the Pacific is the widest gap, so the bounds do not cross it.
    const [west, , east] = boundsOfPoints([
      [-100, 40],
      [10, 50],
      [100, 30],
    ])!;
    expect([west, east]).toEqual([-100, 100]);
    // With the Atlantic the widest, they do: from Europe east to America.
    const [across, , to] = boundsOfPoints([
      [-120, 40],
      [10, 50],
      [120, 30],
    ])!;
    expect([across, to]).toEqual([10, -120]);
  });
});

describe('the fleet store answers the drill-down', () => {
  it('answers with the asker’s id over the devices it holds', () => {
    const posted: FromFleetStore[] = [];
    const store = new FleetStore(7, (message) => posted.push(message));
    // Before the live heat is asked for, the worker keeps no located devices: nothing is there.
    store.handle({ type: 'drill.bound', id: 3 });
    store.handle({ type: 'heat.query', query: { metric: 'density', cellDegrees: 1 } });
    store.handle({
      type: 'snapshot',
      message: encodeDevicesSnapshot({
        environmentId: 7,
        epoch: 'e',
        seq: 1,
        devices: [device(1, [34.8, 32.1]), device(2, [34.81, 32.1], { availability: 0 }), device(3, [])],
      }),
    });
    store.handle({ type: 'drill.summarise', id: 4, area: TEL_AVIV });
    store.handle({ type: 'drill.list', id: 5, area: TEL_AVIV, start: 0, count: 1 });
    store.handle({ type: 'drill.bound', id: 6 });
    const answers = posted.filter((message) => message.type.startsWith('drill.'));
    expect(answers).toMatchObject([
      { type: 'drill.bounds', id: 3, bounds: null },
      { type: 'drill.summary', id: 4, area: TEL_AVIV, summary: { devices: 2, noConnection: 1 } },
      { type: 'drill.page', id: 5, page: { total: 2, start: 0, devices: [{ id: 2 }] } },
      { type: 'drill.bounds', id: 6, bounds: [34.8, 32.1, 34.81, 32.1] },
    ]);
  });
});

describe('firstWorst', () => {
  it('keeps the first of the order without sorting all, the same as sorting all', () => {
    const random = (seed: number) => () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const next = random(7);
    const many = Array.from({ length: 2000 }, (_unused, index) =>
      device(index + 1, [34.8, 32.1], {
        online: Math.floor(next() * 3),
        total: 2,
        availability: next() < 0.1 ? 0 : 1,
      }),
    );
    const all = areaPage(shownIn(many, TEL_AVIV), TEL_AVIV, 0, MAX_AREA_PAGE);
    const sorted = [...summariseArea(shownIn(many, TEL_AVIV), 2000).worst];
    expect(all.devices.map((each) => each.id)).toEqual(sorted.slice(0, MAX_AREA_PAGE).map((each) => each.id));
    expect(firstWorst(all.devices, 5)).toEqual(all.devices.slice(0, 5));
    const later = areaPage(shownIn(many, TEL_AVIV), TEL_AVIV, 400, 50);
    expect(later.start).toBe(400);
    expect(later.devices).toHaveLength(50);
    // The devices with trouble are far more than 450 here: the reference holds that page too.
    expect(sorted.length).toBeGreaterThan(450);
    expect(later.devices.map((each) => each.id)).toEqual(sorted.slice(400, 450).map((each) => each.id));
  });
});
