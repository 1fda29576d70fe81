import { act, renderHook } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AreaSummary, DrillAnswer, DrillRequest, FleetDrill, MapArea } from '../../lib/fleet';
import {
  ANSWER_LOST_MS,
  AREA_PAGE_SIZE,
  LIST_REFRESH_MS,
  useFleetDrill,
  type FleetDrillOptions,
} from './useFleetDrill';

/** A drill whose answers the test gives, recording what was asked. */
function fakeDrill() {
  const answers$ = new Subject<DrillAnswer>();
  const asked: DrillRequest[] = [];
  const drill: FleetDrill = { answers$, ask: (request) => asked.push(request) };
  const last = <T extends DrillRequest['type']>(type: T) =>
    asked.findLast((request) => request.type === type) as Extract<DrillRequest, { type: T }>;
  return { drill, answers$, asked, last };
}

const summary = (devices: number): AreaSummary => ({ devices, noConnection: 0, linksDown: 0, worst: [] });
const A: MapArea = [0, 0, 1, 1];
const B: MapArea = [1, 0, 2, 1];
const C: MapArea = [2, 0, 3, 1];

const render = (drill: FleetDrill, options: FleetDrillOptions) =>
  renderHook((props: FleetDrillOptions) => useFleetDrill(drill, props), { initialProps: options });

const LIVE: FleetDrillOptions = { active: true, version: 1, wantBounds: false };

afterEach(() => {
  vi.useRealTimers();
});

describe('useFleetDrill', () => {
  it('keeps one hover question out: the pointer crossing cells costs one more, for where it stopped', () => {
    const { drill, answers$, asked, last } = fakeDrill();
    const { result } = render(drill, LIVE);
    act(() => result.current.hover(A));
    act(() => result.current.hover(B));
    act(() => result.current.hover(C));
    expect(asked.map((request) => request.type)).toEqual(['drill.summarise']);
    const first = last('drill.summarise');
    expect(first.area).toEqual(A);
    // A's answer comes while the pointer is over C: not shown, and C is asked.
    act(() => answers$.next({ type: 'drill.summary', id: first.id, area: A, summary: summary(4) }));
    expect(result.current.hovered).toBeNull();
    expect(asked).toHaveLength(2);
    const second = last('drill.summarise');
    expect(second.area).toEqual(C);
    act(() => answers$.next({ type: 'drill.summary', id: second.id, area: C, summary: summary(7) }));
    expect(result.current.hovered).toEqual({ area: C, summary: summary(7) });
    // Leaving the map: nothing hovered, nothing asked.
    act(() => result.current.hover(null));
    expect(result.current.hovered).toBeNull();
    expect(asked).toHaveLength(2);
  });

  it('asks again with a new live heat, and after an answer that never came', () => {
    vi.useFakeTimers();
    const { drill, answers$, asked, last } = fakeDrill();
    const { result, rerender } = render(drill, LIVE);
    act(() => result.current.hover(A));
    act(() => answers$.next({ type: 'drill.summary', id: last('drill.summarise').id, area: A, summary: summary(1) }));
    rerender({ ...LIVE, version: 2 });
    expect(asked).toHaveLength(2);
    // That answer is lost (the feed was replaced): after a while the next move asks again.
    act(() => result.current.hover(B));
    expect(asked).toHaveLength(2);
    vi.advanceTimersByTime(ANSWER_LOST_MS);
    act(() => result.current.hover(C));
    expect(last('drill.summarise').area).toEqual(C);
  });

  it('lists a cell a page at a time, keeps only the latest list’s answer, and follows the live fleet', () => {
    vi.useFakeTimers();
    const { drill, answers$, last } = fakeDrill();
    const { result, rerender } = render(drill, LIVE);
    act(() => result.current.list(A));
    const first = last('drill.list');
    expect(first).toMatchObject({ area: A, start: 0, count: AREA_PAGE_SIZE });
    act(() => result.current.list(A, AREA_PAGE_SIZE));
    const page = (id: number, start: number) =>
      answers$.next({ type: 'drill.page', id, page: { area: A, total: 80, start, devices: [] } });
    act(() => page(first.id, 0));
    expect(result.current.page).toBeNull();
    act(() => page(last('drill.list').id, AREA_PAGE_SIZE));
    expect(result.current.page?.start).toBe(AREA_PAGE_SIZE);
    // A new heat: the page is asked again, at most every LIST_REFRESH_MS.
    const before = last('drill.list').id;
    rerender({ ...LIVE, version: 2 });
    rerender({ ...LIVE, version: 3 });
    expect(last('drill.list').id).toBe(before);
    act(() => {
      vi.advanceTimersByTime(LIST_REFRESH_MS);
    });
    expect(last('drill.list')).toMatchObject({ area: A, start: AREA_PAGE_SIZE });
    expect(last('drill.list').id).toBeGreaterThan(before);
    act(() => result.current.list(null));
    expect(result.current.page).toBeNull();
  });

  it('asks for the fleet’s bounds once, when wanted', () => {
    const { drill, answers$, asked, last } = fakeDrill();
    const { result, rerender } = render(drill, LIVE);
    expect(asked).toHaveLength(0);
    rerender({ ...LIVE, wantBounds: true });
    rerender({ ...LIVE, wantBounds: true, version: 2 });
    expect(asked.filter((request) => request.type === 'drill.bound')).toHaveLength(1);
    expect(result.current.bounds).toBeUndefined();
    act(() => answers$.next({ type: 'drill.bounds', id: last('drill.bound').id, bounds: [30, 30, 40, 35] }));
    expect(result.current.bounds).toEqual([30, 30, 40, 35]);
    rerender({ ...LIVE, wantBounds: true, version: 3 });
    expect(asked.filter((request) => request.type === 'drill.bound')).toHaveLength(1);
  });

  it('asks nothing and shows nothing while the live heat does not show', () => {
    const { drill, answers$, asked, last } = fakeDrill();
    const { result, rerender } = render(drill, LIVE);
    act(() => result.current.hover(A));
    act(() => answers$.next({ type: 'drill.summary', id: last('drill.summarise').id, area: A, summary: summary(2) }));
    expect(result.current.hovered).not.toBeNull();
    rerender({ active: false, version: 1, wantBounds: true });
    expect(result.current.hovered).toBeNull();
    expect(answers$.observed).toBe(false);
    act(() => result.current.hover(B));
    expect(asked.map((request) => request.type)).toEqual(['drill.summarise']);
  });
});
