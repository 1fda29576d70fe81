import { act, renderHook } from '@testing-library/react';
import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelFleet, FleetFeedState, FleetHeat, MapDevice } from '../../lib/fleet';
import { heatCellDegrees } from './heatLayerData';
import { DEVICE_ZOOM } from './heatSightView';
import { useLiveHeat, type LiveHeatOptions } from './useLiveHeat';

/** A fleet whose map streams the test drives, recording what the page asks of it. */
function fakeFleet() {
  const state$ = new BehaviorSubject<FleetFeedState>({ kind: 'connecting' });
  const heat$ = new Subject<FleetHeat>();
  const devices$ = new Subject<readonly MapDevice[]>();
  const map = { heat$, devices$, setHeat: vi.fn(), setArea: vi.fn() };
  const fleet = { state$, map } as unknown as ChannelFleet;
  return { fleet, state$, heat$, devices$, map };
}

const heat = (devices: number): FleetHeat => ({
  positions: new Float32Array(2),
  weights: new Float32Array(1),
  counts: new Float32Array(1),
  length: 1,
  devices,
  changed: devices,
  reset: false,
});

const render = (fleet: ChannelFleet, options: LiveHeatOptions) =>
  renderHook((props: LiveHeatOptions) => useLiveHeat(fleet, 'poorLinks', props), { initialProps: options });

describe('useLiveHeat', () => {
  it('follows the heat only while the page shows it, counting each new heat', () => {
    const { fleet, heat$ } = fakeFleet();
    const { result, rerender } = render(fleet, { watching: false, ownScope: true });
    expect(heat$.observed).toBe(false);
    rerender({ watching: true, ownScope: true });
    act(() => heat$.next(heat(3)));
    act(() => heat$.next(heat(4)));
    expect(result.current.live?.heat.devices).toBe(4);
    expect(result.current.live?.version).toBe(2);
    rerender({ watching: false, ownScope: true });
    expect(heat$.observed).toBe(false);
    expect(result.current.live).toBeNull();
  });

  it('asks for the heat at the scale of the map’s zoom', () => {
    const { fleet, map } = fakeFleet();
    const { result } = render(fleet, { watching: true, ownScope: true });
    expect(map.setHeat).toHaveBeenLastCalledWith({ metric: 'poorLinks', cellDegrees: heatCellDegrees(0) });
    act(() => result.current.onView({ zoom: 6.5, area: [30, 30, 40, 35] }));
    expect(map.setHeat).toHaveBeenLastCalledWith({ metric: 'poorLinks', cellDegrees: heatCellDegrees(6) });
  });

  it('lists the devices of the area in view once zoomed in, and only of its own environment', () => {
    const { fleet, map, devices$ } = fakeFleet();
    const { result, rerender, unmount } = render(fleet, { watching: true, ownScope: true });
    act(() => result.current.onView({ zoom: DEVICE_ZOOM - 1, area: [30, 30, 40, 35] }));
    expect(map.setArea).toHaveBeenLastCalledWith(null);
    act(() => result.current.onView({ zoom: DEVICE_ZOOM, area: [34, 32, 35, 33] }));
    expect(map.setArea).toHaveBeenLastCalledWith([34, 32, 35, 33]);
    const listed = [{ id: 1, name: 'd1' }] as unknown as readonly MapDevice[];
    act(() => devices$.next(listed));
    expect(result.current.devices).toBe(listed);
    rerender({ watching: false, ownScope: false });
    act(() => result.current.onView({ zoom: DEVICE_ZOOM + 2, area: [34, 32, 35, 33] }));
    expect(map.setArea).toHaveBeenLastCalledWith(null);
    map.setArea.mockClear();
    unmount();
    expect(devices$.observed).toBe(false);
    expect(map.setArea).toHaveBeenCalledWith(null);
  });

  it('says where the feed stands', () => {
    const { fleet, state$ } = fakeFleet();
    const { result } = render(fleet, { watching: true, ownScope: true });
    expect(result.current.feedState).toEqual({ kind: 'connecting' });
    act(() => state$.next({ kind: 'refused', error: 'forbidden' }));
    expect(result.current.feedState).toEqual({ kind: 'refused', error: 'forbidden' });
  });
});
