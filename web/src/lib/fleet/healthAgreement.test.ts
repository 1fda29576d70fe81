import { FleetSummaryState, problemOf, type DeviceLiveState } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { fleetRowOf, matchesStatus } from './fleetRows';

/** A seeded generator (mulberry32), so a failure names a fleet that can be made again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every kind of device the table and the wall meet: any connection, application status and links. */
function fleet(seed: number, size: number): DeviceLiveState[] {
  const next = random(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  return Array.from({ length: size }, (_, index) => {
    const total = pick([0, 1, 2, 3]);
    const online = Math.floor(next() * (total + 1));
    return {
      id: index + 1,
      name: `device-${index + 1}`,
      pairing_id: `SN${index + 1}`,
      type: 1,
      is_server: false,
      is_enabled: next() < 0.9,
      is_activated: next() < 0.9,
      availability: pick([0, 1, 1, 1, null, 7]),
      main_app_status: pick([0, 1, 1, 2, null]),
      device_state: 0,
      ...(next() < 0.1 ? {} : { links: { cellular: { online, total } } }),
    };
  });
}

describe('the Devices table and the fleet summary read one health rule', () => {
  it.each([1, 2, 3])(
    'fleet %i: the alert chip is exactly the summary problems of a connected device and its degraded links',
    (seed) => {
      const devices = fleet(seed, 2000);
      const summary = new FleetSummaryState();
      summary.reset(devices);
      const { counts } = summary.summary(Date.now(), false);
      let alertChips = 0;
      for (const device of devices) {
        const row = fleetRowOf(device);
        const problem = problemOf(device);
        if (device.is_enabled) {
          const connectedProblem = problem?.kind === 'mainAppOffline' || problem?.kind === 'allLinksDown';
          const degraded =
            device.links?.cellular &&
            device.links.cellular.online > 0 &&
            device.links.cellular.online < device.links.cellular.total;
          expect(row.chip === 'alert', `device ${device.id}`).toBe(
            connectedProblem || Boolean(degraded && row.connection === 1),
          );
          expect(problem?.kind === 'notConnected', `device ${device.id}`).toBe(row.connection === 2);
        }
        if (matchesStatus(row, 'alert')) alertChips += 1;
      }
      // Over the whole fleet: what the table's alert filter finds is what the summary lists and counts.
      const connectedProblems = devices.filter((device) => {
        const kind = problemOf({ ...device, is_enabled: true })?.kind;
        return kind === 'mainAppOffline' || kind === 'allLinksDown';
      }).length;
      expect(alertChips).toBe(connectedProblems + counts.linksDegraded);
    },
  );

  it.each([4, 5])(
    'fleet %i: the problems filter Home’s "and N more" opens finds exactly the devices the summary judges problems',
    (seed) => {
      const devices = fleet(seed, 2000);
      const found = devices.filter((device) => matchesStatus(fleetRowOf(device), 'problems')).map(({ id }) => id);
      const judged = devices.filter((device) => problemOf(device) !== null).map(({ id }) => id);
      expect(judged.length).toBeGreaterThan(100);
      expect(found).toEqual(judged);
    },
  );
});
