import { describe, expect, it } from 'vitest';
import {
  availabilityOf,
  historyChunks,
  nextConnectionChange,
  windowTotals,
  type ConnectionChange,
  type ConnectionState,
  type WindowRows,
} from './deviceHistory.js';

const MINUTE = 60_000;

/** A device's changes as the recorder writes them: each carries the totals on from the one before. */
function changes(...steps: readonly (readonly [at: number, state: ConnectionState])[]): ConnectionChange[] {
  const rows: ConnectionChange[] = [];
  for (const [at, state] of steps) rows.push(nextConnectionChange(7, rows.at(-1) ?? null, state, at));
  return rows;
}

/** The rows a report reads for [from, until): the last before, the first in, the last before the end. */
function rowsFor(history: readonly ConnectionChange[], from: number, until: number): WindowRows {
  const before = history.filter((row) => row.changed_at < from).at(-1) ?? null;
  const first = history.find((row) => row.changed_at >= from && row.changed_at < until) ?? null;
  const last = history.filter((row) => row.changed_at < until).at(-1) ?? null;
  return { before, first, last };
}

const figures = (history: readonly ConnectionChange[], from: number, until: number) =>
  availabilityOf(windowTotals(rowsFor(history, from, until), from, until));

describe('connection changes with running totals', () => {
  it('carry connected and observed time, outages and recoveries on from the change before', () => {
    const rows = changes([0, 1], [10 * MINUTE, 0], [13 * MINUTE, null], [15 * MINUTE, 1], [20 * MINUTE, 0]);
    expect(
      rows.map((row) => [row.connected_ms, row.observed_ms, row.outages, row.recoveries, row.recovery_ms]),
    ).toEqual([
      [0, 0, 0, 0, 0],
      [10 * MINUTE, 10 * MINUTE, 1, 0, 0],
      // Unknown time is not observed, and the outage goes on through it.
      [10 * MINUTE, 13 * MINUTE, 1, 0, 0],
      [10 * MINUTE, 13 * MINUTE, 1, 1, 5 * MINUTE],
      [15 * MINUTE, 18 * MINUTE, 2, 1, 5 * MINUTE],
    ]);
    expect(rows.map((row) => row.outage_since)).toEqual([null, 10 * MINUTE, 10 * MINUTE, null, 20 * MINUTE]);
  });

  it('do not time an outage whose beginning was never seen', () => {
    const rows = changes([0, 0], [5 * MINUTE, 1]);
    expect(rows[1]).toMatchObject({ outages: 0, recoveries: 0, recovery_ms: 0, observed_ms: 5 * MINUTE });
  });
});

describe('a window’s availability from its changes', () => {
  // Connected from 0, down at 60 min, back at 70, down at 100, back at 130; the window is 50-120.
  const history = changes([0, 1], [60 * MINUTE, 0], [70 * MINUTE, 1], [100 * MINUTE, 0], [130 * MINUTE, 1]);

  it('counts the state in force before the window from its start, outages begun in it and recoveries ended in it', () => {
    expect(figures(history, 50 * MINUTE, 120 * MINUTE)).toEqual({
      observed_ms: 70 * MINUTE,
      // 50-60 and 70-100.
      connected_ms: 40 * MINUTE,
      availability: 40 / 70,
      outages: 2,
      // The outage 60-70 ended in the window; 100-130 did not.
      mttr_ms: 10 * MINUTE,
    });
  });

  it('has no data, not 0 %, for a device never connected (issue 39, item 16)', () => {
    const never = changes([0, 0], [30 * MINUTE, null], [40 * MINUTE, 0]);
    expect(figures(never, 0, 120 * MINUTE)).toEqual({
      observed_ms: 0,
      connected_ms: 0,
      availability: null,
      outages: 0,
      mttr_ms: null,
    });
    // Once it has been connected, its later down time counts in every window.
    const once = changes([0, 0], [10 * MINUTE, 1], [20 * MINUTE, 0]);
    expect(figures(once, 30 * MINUTE, 90 * MINUTE)).toMatchObject({ observed_ms: 60 * MINUTE, availability: 0 });
  });

  it('times an outage that began before the window by its whole length when it ends in it', () => {
    expect(figures(history, 65 * MINUTE, 90 * MINUTE)).toEqual({
      observed_ms: 25 * MINUTE,
      connected_ms: 20 * MINUTE,
      availability: 0.8,
      outages: 0,
      mttr_ms: 10 * MINUTE,
    });
    expect(figures(history, 0, 140 * MINUTE).mttr_ms).toBe(20 * MINUTE);
  });

  it('observes nothing before the first change when none is before the window, and nothing at all without changes', () => {
    const late = changes([30 * MINUTE, 0], [40 * MINUTE, 1]);
    // 0-30 unknown; 30-40 down (its start unseen, so neither an outage nor a recovery); 40-60 up.
    expect(figures(late, 0, 60 * MINUTE)).toEqual({
      observed_ms: 30 * MINUTE,
      connected_ms: 20 * MINUTE,
      availability: 20 / 30,
      outages: 0,
      mttr_ms: null,
    });
    expect(figures(late, 0, 20 * MINUTE)).toEqual({
      observed_ms: 0,
      connected_ms: 0,
      availability: null,
      outages: 0,
      mttr_ms: null,
    });
  });

  it('keeps counting the state of a device that stopped changing long before the window', () => {
    const steady = changes([0, 1]);
    expect(figures(steady, 1000 * MINUTE, 1060 * MINUTE)).toMatchObject({ observed_ms: 60 * MINUTE, availability: 1 });
  });

  it('agrees with a minute-by-minute count for any window over a long history', () => {
    let state: ConnectionState = 1;
    const steps: [number, ConnectionState][] = [[0, 1]];
    for (let minute = 1; minute < 600; minute += 1)
      if ((minute * 7919) % 13 === 0) {
        state = state === 1 ? 0 : state === 0 ? (minute % 3 === 0 ? null : 1) : 1;
        steps.push([minute * MINUTE, state]);
      }
    const long = changes(...steps);
    const stateAt = (minute: number) => long.filter((row) => row.changed_at <= minute * MINUTE).at(-1)?.state ?? null;
    for (const [from, to] of [
      [0, 600],
      [37, 211],
      [100, 101],
      [250, 599],
    ] as const) {
      let connected = 0;
      let observed = 0;
      let outages = 0;
      for (let minute = from; minute < to; minute += 1) {
        const now = stateAt(minute);
        if (now !== null) observed += 1;
        if (now === 1) connected += 1;
        if (minute > 0 && stateAt(minute - 1) === 1 && now === 0) outages += 1;
      }
      expect(figures(long, from * MINUTE, to * MINUTE), `${from}-${to}`).toMatchObject({
        observed_ms: observed * MINUTE,
        connected_ms: connected * MINUTE,
        outages,
      });
    }
  });
});

describe('history chunks', () => {
  it('splits a tick’s rows into parts of a bounded size, keeping them all in order', () => {
    const rows = {
      connection: changes([1, 1], [2, 0], [3, 1]),
      links: [1, 2, 3, 4].map((at) => ({ device_id: 7, link_key: 'eth:0', changed_at: at, state: at % 2 })),
      readings: [1, 2].map((at) => ({ device_id: 7, reading_time: at, signal: 50, temperature: 40 })),
    };
    const chunks = historyChunks(rows, 4);
    expect(chunks.map((chunk) => [chunk.connection.length, chunk.links.length, chunk.readings.length])).toEqual([
      [3, 1, 0],
      [0, 3, 1],
      [0, 0, 1],
    ]);
    expect(historyChunks({ connection: [], links: [], readings: [] }, 4)).toEqual([]);
  });
});
