import { describe, expect, it } from 'vitest';
import type { SimulatedDevice } from './fleetPlan.js';
import { createPositionHistory } from './positionHistory.js';

const INTERVAL = 60_000;
const T0 = 1_800_000_000_000;

function device(id: number, online = true): SimulatedDevice {
  return {
    id,
    activated: true,
    position: [34.8 + id / 1000, 32.1],
    availability: 1,
    links: { cellular: [{ port: 1, is_online: online, signal: 70 }] },
  } as unknown as SimulatedDevice;
}

/** Runs one tick a second from `from` to `to` (ms) and answers the device ids sampled, by tick time. */
function run(
  history: ReturnType<typeof createPositionHistory>,
  fleet: SimulatedDevice[],
  from: number,
  to: number,
  changedAt: (time: number) => SimulatedDevice[] = () => [],
) {
  const taken: { time: number; id: number }[] = [];
  for (let time = from; time <= to; time += 1000)
    for (const sample of history.due(1, fleet, changedAt(time), time)) taken.push({ time, id: sample.device_id });
  return taken;
}

describe('createPositionHistory', () => {
  it('samples each device once per interval, the first samples spread over the first interval', () => {
    const history = createPositionHistory(INTERVAL);
    const fleet = [device(1), device(2), device(3)];
    const taken = run(history, fleet, T0, T0 + 2 * INTERVAL);
    for (const { id } of fleet) {
      const times = taken.filter((sample) => sample.id === id).map((sample) => sample.time);
      expect(times.length, `device ${id}`).toBe(2);
      expect(times[0]).toBeLessThanOrEqual(T0 + INTERVAL);
      expect((times[1] ?? 0) - (times[0] ?? 0)).toBe(INTERVAL);
    }
    // Not all in the same tick.
    expect(new Set(taken.slice(0, 3).map((sample) => sample.time)).size).toBeGreaterThan(1);
  });

  it('samples a device whose links changed at once, and its next one an interval later', () => {
    const history = createPositionHistory(INTERVAL);
    const flapping = device(5);
    const fleet = [flapping, device(6)];
    history.due(1, fleet, [], T0);
    const changedAt = T0 + 10_000;
    const taken = run(history, fleet, T0 + 1000, T0 + 10_000 + INTERVAL, (time) => {
      if (time !== changedAt) return [];
      flapping.links.cellular[0] = { ...flapping.links.cellular[0], is_online: false } as never;
      return [flapping];
    });
    const times = taken.filter((sample) => sample.id === 5).map((sample) => sample.time);
    expect(times).toContain(changedAt);
    expect(times.filter((time) => time > changedAt)).toEqual([changedAt + INTERVAL]);
  });

  it('takes nothing from a changed device whose link state did not change, or a forgotten one', () => {
    const history = createPositionHistory(INTERVAL);
    // Device 8's first sample is due about 57 s in.
    const still = device(8);
    const gone = device(9);
    history.due(1, [still, gone], [], T0);
    history.forget(gone.id);
    const taken = run(history, [still], T0 + 1000, T0 + 5000, () => [still]);
    expect(taken).toEqual([]);
    expect(run(history, [still], T0 + 6000, T0 + 2 * INTERVAL).every((sample) => sample.id === 8)).toBe(true);
  });
});
