import { devicePath, Permission, TestId, TwoFactorStatus } from '@halo/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AreaSummary,
  ChannelFleet,
  DrillAnswer,
  DrillRequest,
  FleetFeedState,
  FleetHeat,
  MapDevice,
} from '../../lib/fleet';
import { renderWithSession, signedIn } from '../../testing/sessionHarness';
import { drillCellAt } from './drillCell';
import type { HeatSightMapProps } from './HeatSightMap';
import { HeatSightPage } from './HeatSightPage';

/** The map as the page drives it (deck.gl needs WebGL): its last props, for the test to act on. */
const map = vi.hoisted(() => ({ props: null as HeatSightMapProps | null }));
vi.mock('./HeatSightMap', () => ({
  HeatSightMap: (props: HeatSightMapProps) => {
    map.props = props;
    return <div data-testid="fake-map" />;
  },
}));

/** The live fleet the page follows: streams the test drives, drill questions it records. */
const fleet = vi.hoisted(() => ({ current: null as ChannelFleet | null }));
vi.mock('../../lib/fleet', async (original) => ({
  ...(await original<object>()),
  appFleet: () => fleet.current,
}));

function fakeFleet() {
  const heat$ = new Subject<FleetHeat>();
  const devices$ = new Subject<readonly MapDevice[]>();
  const answers$ = new Subject<DrillAnswer>();
  const asked: DrillRequest[] = [];
  fleet.current = {
    state$: new BehaviorSubject<FleetFeedState>({ kind: 'live' }),
    map: { heat$, devices$, setHeat: vi.fn(), setArea: vi.fn() },
    drill: { answers$, ask: (request: DrillRequest) => asked.push(request) },
  } as unknown as ChannelFleet;
  const last = <T extends DrillRequest['type']>(type: T) =>
    asked.findLast((request) => request.type === type) as Extract<DrillRequest, { type: T }>;
  return { heat$, devices$, answers$, asked, last };
}

const heat: FleetHeat = {
  positions: Float32Array.of(34.8, 32.1),
  weights: Float32Array.of(1),
  counts: Float32Array.of(1),
  length: 1,
  devices: 5,
  changed: 5,
  reset: true,
};

const lateDevice: MapDevice = {
  id: 9,
  name: 'gate-north',
  position: [34.8, 32.1],
  connected: false,
  linksOnline: 0,
  linksTotal: 2,
  health: 'notConnected',
};
const summary: AreaSummary = { devices: 5, noConnection: 1, linksDown: 0.2, worst: [lateDevice] };

/** A device's page with the browser's Back. */
function DevicePageWithBack() {
  const navigate = useNavigate();
  return (
    <p>
      the device page <button onClick={() => void navigate(-1)}>Back</button>
      <button onClick={() => void navigate('/')}>HeatSight again</button>
    </p>
  );
}

function openPage(permissions: number[] = [Permission.DEVICES_VIEW]) {
  renderWithSession(
    <Routes>
      <Route path="/" element={<HeatSightPage />} />
      <Route path="/config/devices/:id" element={<DevicePageWithBack />} />
    </Routes>,
    signedIn({
      permissions,
      enabled_feature_ids: [1],
      two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE },
    }),
  );
}

const pointerAt = (device: MapDevice | null = null) => ({
  longitude: 34.8,
  latitude: 32.1,
  x: 200,
  y: 150,
  zoom: 6,
  device,
});

afterEach(() => {
  cleanup();
  map.props = null;
});

describe('HeatSightPage’s drill-down', () => {
  it('opens fitted to the fleet: the worker’s bounds, once there is heat', () => {
    const { heat$, answers$, asked, last } = fakeFleet();
    openPage();
    expect(map.props?.fit).toBeNull();
    expect(asked.some((request) => request.type === 'drill.bound')).toBe(false);
    act(() => heat$.next(heat));
    act(() => answers$.next({ type: 'drill.bounds', id: last('drill.bound').id, bounds: [30, 30, 40, 35] }));
    expect(map.props?.fit).toEqual([30, 30, 40, 35]);
    expect(map.props?.pin).toBeNull();
  });

  it('says what the cell under the pointer holds, outlines it, and lists it on a click until Escape', () => {
    const { heat$, answers$, last } = fakeFleet();
    openPage();
    act(() => heat$.next(heat));
    act(() => map.props?.onPointer(pointerAt()));
    const cell = drillCellAt(34.8, 32.1, 6);
    expect(last('drill.summarise').area).toEqual(cell);
    act(() => answers$.next({ type: 'drill.summary', id: last('drill.summarise').id, area: cell, summary }));
    const tooltip = screen.getByTestId(TestId.heatSight.tooltip);
    expect(tooltip.textContent).toContain('5 devices here');
    expect(tooltip.textContent).toContain('gate-north');
    expect(map.props?.hoverArea).toEqual(cell);

    act(() => map.props?.onPick(pointerAt()));
    expect(last('drill.list')).toMatchObject({ area: cell, start: 0 });
    expect(map.props?.openArea).toEqual(cell);
    act(() =>
      answers$.next({
        type: 'drill.page',
        id: last('drill.list').id,
        page: { area: cell, total: 1, start: 0, devices: [lateDevice] },
      }),
    );
    const row = screen.getByTestId(TestId.heatSight.cellDevice(9));
    expect(row.querySelector('a')?.getAttribute('href')).toBe(devicePath(9));

    act(() => map.props?.onPointer(null));
    expect(screen.queryByTestId(TestId.heatSight.tooltip)).toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId(TestId.heatSight.cellPanel)).toBeNull();
    expect(map.props?.openArea).toBeNull();
  });

  it('names the marker under the pointer, and a click on it opens the device’s page', () => {
    const { devices$, asked } = fakeFleet();
    openPage();
    act(() => devices$.next([lateDevice]));
    act(() => map.props?.onPointer(pointerAt(lateDevice)));
    const tooltip = screen.getByTestId(TestId.heatSight.tooltip);
    expect(tooltip.textContent).toContain('gate-north');
    expect(tooltip.textContent).toContain('Not connected');
    expect(map.props?.hoverArea).toBeNull();
    // Over a marker, no cell is asked about.
    expect(asked.some((request) => request.type === 'drill.summarise')).toBe(false);
    act(() => map.props?.onPick(pointerAt(lateDevice)));
    expect(screen.getByText('the device page')).toBeDefined();
  });

  it('opens no device page for a user who may not view devices', () => {
    fakeFleet();
    openPage([]);
    act(() => map.props?.onPick(pointerAt(lateDevice)));
    expect(screen.queryByText('the device page')).toBeNull();
  });

  it('shows what was left on Back from a device page it opened: metric, open cell and view (issue 39, item 16)', () => {
    const { heat$, answers$, asked, last } = fakeFleet();
    openPage();
    act(() => heat$.next(heat));
    // Fitted to the fleet first; then the operator zooms in and opens a cell.
    act(() => answers$.next({ type: 'drill.bounds', id: last('drill.bound').id, bounds: [30, 30, 40, 35] }));
    act(() => map.props?.onView({ zoom: 9, area: [34.5, 32, 35.5, 32.4] }));
    const cell = drillCellAt(34.8, 32.1, 9);
    act(() => map.props?.onPick({ ...pointerAt(), zoom: 9 }));
    act(() =>
      answers$.next({
        type: 'drill.page',
        id: last('drill.list').id,
        page: { area: cell, total: 1, start: 0, devices: [lateDevice] },
      }),
    );
    fireEvent.click(screen.getByTestId(TestId.heatSight.cellDevice(9)).querySelector('a')!);
    expect(screen.getByText('the device page')).toBeDefined();

    const askedBefore = asked.length;
    fireEvent.click(screen.getByText('Back'));
    expect(screen.getByTestId(TestId.heatSight.screen)).toBeDefined();
    // Where it was left, not the fleet fitted afresh; the cell listed again.
    expect(map.props?.focus).toEqual({ longitude: 35, latitude: 32.2, zoom: 9 });
    expect(map.props?.fit).toBeNull();
    expect(map.props?.openArea).toEqual(cell);
    expect(asked.slice(askedBefore).find((request) => request.type === 'drill.list')).toMatchObject({
      area: cell,
      start: 0,
    });
    expect(screen.getByTestId(TestId.heatSight.cellPanel)).toBeDefined();
  });

  it('opens afresh, fitted to the fleet, when it is opened anew rather than come back to', () => {
    const { heat$, answers$, last } = fakeFleet();
    openPage();
    act(() => heat$.next(heat));
    act(() => map.props?.onView({ zoom: 9, area: [34.5, 32, 35.5, 32.4] }));
    act(() => map.props?.onPick({ ...pointerAt(), zoom: 9 }));
    act(() => map.props?.onPick(pointerAt(lateDevice)));
    // From the device page to HeatSight by a link: a new visit, not Back.
    fireEvent.click(screen.getByText('HeatSight again'));
    act(() => heat$.next(heat));
    act(() => answers$.next({ type: 'drill.bounds', id: last('drill.bound').id, bounds: [30, 30, 40, 35] }));
    expect(map.props?.focus).toBeNull();
    expect(map.props?.fit).toEqual([30, 30, 40, 35]);
    expect(map.props?.openArea).toBeNull();
  });
});
