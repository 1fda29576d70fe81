import {
  API,
  DEVICE_TIMELINE_WINDOWS,
  DeviceType,
  ErrorCode,
  Permission,
  TestId,
  TwoFactorStatus,
  type AvailabilityReport,
  type Device,
  type DeviceLiveState,
  type DeviceTimeline,
} from '@halo/shared';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelFleet, FleetFeedState } from '../../lib/fleet';
import { createI18n } from '../../lib/i18n/i18n';
import { SessionContext } from '../../lib/session';
import { emptyTimeline, testDevice, testLiveDevice } from '../../testing/deviceFixtures';
import { answer, fakeApi, refuse, type FakeRoute } from '../../testing/fakeApi';
import { signedIn, testSessionLogic } from '../../testing/sessionHarness';
import { DeviceView } from './DevicePage';

// deck.gl needs WebGL, which the test browser has not: the map is a stand-in here.
vi.mock('./components/DeviceTrackMap', () => ({
  default: ({ track }: { track: readonly unknown[] }) => <div data-testid="track-map" data-points={track.length} />,
}));

const HOUR = 3_600_000;

const device = testDevice;
const live = testLiveDevice;

function timeline(overrides: Partial<DeviceTimeline> = {}): (request: { query: URLSearchParams }) => DeviceTimeline {
  return ({ query }) => {
    const from = Number(query.get('from'));
    const to = Number(query.get('to'));
    return {
      device_id: 7,
      from,
      to,
      connection: [
        { from, to: from + (to - from) / 2, state: 1 },
        { from: from + (to - from) / 2, to, state: 0 },
      ],
      links: [{ key: 'cellular:0', kind: 'cellular', name: 'modem-a', segments: [{ from, to, state: 1 }] }],
      readings: { time: [from, to - 1], signal: [-80, -75], temperature: [40, 41] },
      logs: [
        {
          id: 31,
          device_id: 7,
          device_name: 'gate-north',
          device_attribute_type: 2,
          event_type: 'link_down',
          value: null,
          severity: 2,
          description: 'gate-north: cellular link down',
          log_time: new Date(from + (to - from) / 2).toISOString(),
          is_alert: false,
        },
      ],
      alarms: [],
      silences: [],
      track: [{ time: from, longitude: 34.7, latitude: 32, connected: true }],
      truncated: false,
      ...overrides,
    };
  };
}

const availability = (request: { query: URLSearchParams }): AvailabilityReport => ({
  from: Number(request.query.get('from')),
  to: Number(request.query.get('to')),
  total: { observed_ms: HOUR, connected_ms: 0.985 * HOUR, availability: 0.985, outages: 2, mttr_ms: 65 * 60_000 },
  devices: [],
});

function fakeFleet(state: DeviceLiveState | null) {
  const live$ = new BehaviorSubject<DeviceLiveState | null>(state);
  const state$ = new BehaviorSubject<FleetFeedState>({ kind: 'live' });
  const device$ = vi.fn(() => live$);
  return { fleet: { state$, device$ } as unknown as ChannelFleet, live$, device$ };
}

function LocationProbe() {
  const { search } = useLocation();
  return <p data-testid="search">{search}</p>;
}

function renderPage(options: { fleet: ChannelFleet; routes: readonly FakeRoute[]; path?: string; manager?: boolean }) {
  const api = fakeApi(options.routes);
  const session = signedIn({
    environment_manager: options.manager ?? false,
    permissions: [Permission.DEVICES_VIEW],
    two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE },
  });
  render(
    <I18nextProvider i18n={createI18n('en-US')}>
      <SessionContext.Provider logic={testSessionLogic()} options={{ input: session }}>
        <MemoryRouter initialEntries={[options.path ?? '/config/devices/7']}>
          <DeviceView environmentId={2} deviceId={7} fleet={options.fleet} />
          <LocationProbe />
        </MemoryRouter>
      </SessionContext.Provider>
    </I18nextProvider>,
  );
  return api;
}

const routes = (record: Device, overrides: readonly FakeRoute[] = []): FakeRoute[] => [
  ...overrides,
  answer(API.devices.list, { devices: [record] }),
  answer(API.devices.timeline, timeline()),
  answer(API.devices.availabilityReport, availability),
];

describe('the device page', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('shows a HALO device: live status, identity, policy, history lanes and events, its availability', async () => {
    const { fleet, device$ } = fakeFleet(live());
    const api = renderPage({ fleet, routes: routes(device()) });
    expect(await screen.findByTestId(TestId.devicePage.page)).toBeTruthy();
    expect(device$).toHaveBeenCalledWith(7);
    // Live: connected with a cellular link down is the alert chip of the Devices table.
    const status = screen.getByTestId(TestId.devicePage.status);
    expect(status.textContent).toBe('Alert');
    expect(status.dataset.health).toBe('linksDegraded');
    expect(screen.getByTestId(TestId.devicePage.name).textContent).toBe('gate-north');
    expect(screen.getByTestId(TestId.devicePage.serial).textContent).toBe('SN-0007');
    expect(screen.getByTestId(TestId.devicePage.type).textContent).toBe('HALO');
    expect(screen.getByTestId(TestId.devicePage.role).textContent).toBe('Client');
    expect(screen.queryByTestId(TestId.devicePage.panel('dronecommx'))).toBeNull();
    expect(screen.getByTestId(TestId.devicePage.link('cellular')).textContent).toContain('1/2');
    const policy = screen.getByTestId(TestId.devicePage.panel('policy')).textContent;
    expect(policy).toContain('Mon, Tue, Wed');
    expect(policy).toContain('00–03, 08');
    expect(policy).toContain('4.3.0');
    // The versions the live state reports, each not on the fixed version marked.
    expect(screen.getByTestId(TestId.devicePage.panel('versions')).textContent).toContain(
      'Not the fixed version (4.3.0)',
    );
    expect(screen.getByTestId(TestId.devicePage.panel('certificate')).textContent).toContain('CN=gate-north');

    const lanes = await screen.findByTestId(TestId.devicePage.lane('connection'));
    expect([...lanes.querySelectorAll('[data-state]')].map((band) => band.getAttribute('data-state'))).toEqual([
      'up',
      'down',
    ]);
    expect(screen.getByTestId(TestId.devicePage.lane('cellular:0')).textContent).toContain('Cellular modem-a');
    expect((await screen.findByTestId('track-map')).dataset.points).toBe('1');
    expect(screen.getByTestId(TestId.devicePage.availability).textContent).toContain('98.5%');
    expect(screen.getByTestId(TestId.devicePage.availability).textContent).toContain('1 h 5 min');

    // The timeline and the availability were asked for the same 24 hours (the default window).
    const asked = api.calls.filter(
      (call) => call.endpoint === API.devices.timeline || call.endpoint === API.devices.availabilityReport,
    );
    expect(asked).toHaveLength(2);
    const [timelineCall, reportCall] = asked;
    expect(Number(timelineCall?.query.get('to')) - Number(timelineCall?.query.get('from'))).toBe(
      DEVICE_TIMELINE_WINDOWS['24h'],
    );
    expect(reportCall?.query.get('from')).toBe(timelineCall?.query.get('from'));
    expect(reportCall?.query.get('device_id')).toBe('7');

    // A mark on the timeline picks its entry in the list below.
    fireEvent.click(screen.getByTestId(TestId.devicePage.marker('log', 31)));
    expect(screen.getByTestId(TestId.devicePage.event('log', 31)).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId(TestId.devicePage.event('log', 31)).textContent).toContain('Major');
  });

  it('follows the fleet’s live state of the device, not a poll', async () => {
    const { fleet, live$ } = fakeFleet(live());
    const api = renderPage({ fleet, routes: routes(device()) });
    await screen.findByTestId(TestId.devicePage.page);
    act(() => live$.next(live({ availability: 0 })));
    expect(screen.getByTestId(TestId.devicePage.status).textContent).toBe('Not connected');
    act(() => live$.next(live({ links: { cellular: { online: 2, total: 2 } } })));
    expect(screen.getByTestId(TestId.devicePage.status).textContent).toBe('Connected');
    // The device's record was read once; the status came from the feed.
    expect(api.calls.filter((call) => call.endpoint === API.devices.list)).toHaveLength(1);
  });

  it('shows a DroneCommX device’s GNSS lock in its own panel, its links and location once, in theirs', async () => {
    const { fleet } = fakeFleet(live({ type: DeviceType.DRONECOMMX, gnss_lock: true }));
    renderPage({ fleet, routes: routes(device({ type: DeviceType.DRONECOMMX })) });
    const panel = await screen.findByTestId(TestId.devicePage.panel('dronecommx'));
    expect(screen.getByTestId(TestId.devicePage.type).textContent).toBe('DRONECOMMX');
    expect(panel.textContent).toContain('Locked');
    // Not repeated beside the Links and Location panels (issue 39, item 16).
    expect(within(panel).queryByTestId(TestId.devices.panelLinks('cellular'))).toBeNull();
    expect(within(panel).queryByTestId(TestId.devices.panelLocation)).toBeNull();
    expect(screen.getAllByText('32.08000')).toHaveLength(1);
  });

  it('falls back to the device’s record while the fleet does not hold it', async () => {
    const { fleet } = fakeFleet(null);
    renderPage({ fleet, routes: routes(device({ availability: 0 })) });
    expect((await screen.findByTestId(TestId.devicePage.status)).textContent).toBe('Not connected');
  });

  it('keeps the window in the address and asks for it', async () => {
    const { fleet } = fakeFleet(live());
    const api = renderPage({ fleet, routes: routes(device()), path: '/config/devices/7?window=1h' });
    await screen.findByTestId(TestId.devicePage.lane('connection'));
    const spans = () =>
      api.calls
        .filter((call) => call.endpoint === API.devices.timeline)
        .map((call) => Number(call.query.get('to')) - Number(call.query.get('from')));
    expect(spans()).toEqual([DEVICE_TIMELINE_WINDOWS['1h']]);
    fireEvent.click(screen.getByTestId(TestId.timeWindow.choice('7d')));
    await waitFor(() => expect(spans()).toEqual([DEVICE_TIMELINE_WINDOWS['1h'], DEVICE_TIMELINE_WINDOWS['7d']]));
    expect(screen.getByTestId('search').textContent).toBe('?window=7d');
    // "Now" asks again for the same window, ending now (once the last answer is in).
    await waitFor(() => expect(screen.getByTestId(TestId.devicePage.refresh).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId(TestId.devicePage.refresh));
    await waitFor(() => expect(spans()).toHaveLength(3));
    expect(spans()[2]).toBe(DEVICE_TIMELINE_WINDOWS['7d']);
  });

  it('says a query over its budget (error 150) in words, and a window with nothing as no history', async () => {
    const { fleet } = fakeFleet(live());
    renderPage({
      fleet,
      routes: routes(device(), [
        refuse(API.devices.timeline, 503, {
          error: ErrorCode.QUERY_BUDGET_EXCEEDED,
          message: 'over budget',
          fields: { budget_s: 10 },
        }),
      ]),
    });
    const error = await screen.findByTestId(TestId.devicePage.timelineError);
    expect(error.textContent).toContain('The query took longer than its budget and was stopped');
    expect(error.textContent).toContain('10 s budget');
    cleanup();

    renderPage({
      fleet,
      routes: routes(device(), [
        answer(API.devices.timeline, ({ query }) => emptyTimeline(Number(query.get('from')), Number(query.get('to')))),
      ]),
    });
    expect((await screen.findByTestId(TestId.devicePage.timelineEmpty)).textContent).toContain(
      'No history in this window',
    );
  });

  it('opens the Devices edit dialog for a user who may change the device, and not for one who may not', async () => {
    const { fleet } = fakeFleet(live());
    renderPage({ fleet, routes: routes(device()) });
    const edit = await screen.findByTestId(TestId.devicePage.edit);
    expect(edit.hasAttribute('disabled')).toBe(true);
    cleanup();

    const api = renderPage({
      fleet,
      routes: routes(device(), [
        answer(API.devices.update, ({ body }) => ({
          device: device({ name: (body as { device: { name: string } }).device.name }),
        })),
      ]),
      manager: true,
    });
    fireEvent.click(await screen.findByTestId(TestId.devicePage.edit));
    const dialog = await screen.findByTestId(TestId.crud.dialog('devices'));
    fireEvent.change(within(dialog).getByDisplayValue('gate-north'), { target: { value: 'gate-south' } });
    fireEvent.click(screen.getByTestId(TestId.crud.save('devices')));
    // Saved as the Devices screen saves, then the page reads the device again.
    await waitFor(() => expect(screen.queryByTestId(TestId.crud.dialog('devices'))).toBeNull());
    const update = api.calls.find((call) => call.endpoint === API.devices.update);
    expect(update?.path).toBe('/api/v1/config/2/devices/7');
    await waitFor(() => expect(api.calls.filter((call) => call.endpoint === API.devices.list)).toHaveLength(2));
  });

  it('says so when the environment has no such device', async () => {
    const { fleet } = fakeFleet(null);
    renderPage({ fleet, routes: [answer(API.devices.list, { devices: [] })] });
    expect(await screen.findByTestId(TestId.devicePage.notFound)).toBeTruthy();
  });
});
