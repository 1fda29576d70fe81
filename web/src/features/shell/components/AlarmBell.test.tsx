import { emptyFleetCounts, ROUTES, unsilencedAlarmCounts, TestId, type Alarm, type FleetSummary } from '@halo/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithSession } from '../../../testing/sessionHarness';
import { notificationSettingsSaved$ } from '../../../lib/session';
import { AlarmBell, AlarmBellButton } from './AlarmBell';

const summaries = new BehaviorSubject<FleetSummary | null>(null);
vi.mock('../../../lib/fleet', () => ({ appSummary: () => ({ summary$: summaries }) }));

const summary = (unacknowledged: [number, number, number, number]): FleetSummary => ({
  counts: emptyFleetCounts(),
  problems: [],
  problemCount: 0,
  alerts: [],
  alarms: unsilencedAlarmCounts(unacknowledged, unacknowledged),
});

const alarm = (id: number, severity: number, device: string, type: number): Alarm => ({
  id,
  environment_id: 2,
  device_id: id * 10,
  device_name: device,
  device_attribute_type: type,
  severity,
  peak_severity: severity,
  state: 'active',
  last_value: '91 °C',
  breach_count: 1,
  opened_at: '2026-11-26T10:00:00Z',
  last_breach_at: '2026-11-26T10:00:00Z',
  cleared_at: null,
  acknowledged: false,
  acknowledged_by: null,
  acknowledged_at: null,
  acknowledgement_note: null,
  silenced: false,
  stale: false,
  revision: id,
});

const bell = () => screen.getByTestId(TestId.shell.bell);
const badge = () => screen.queryByTestId(TestId.shell.bellCount)?.textContent ?? null;

describe('AlarmBell', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    summaries.next(null);
  });

  it('counts the live summary’s unacknowledged alarms at or above the severity, 99+ above 99, no badge at 0', () => {
    const live = new BehaviorSubject<FleetSummary | null>(null);
    renderWithSession(<AlarmBellButton summary$={live} environmentId={2} severity={2} />);
    expect(badge()).toBeNull();
    expect(bell().getAttribute('aria-label')).toBe('0 alarms to acknowledge');

    act(() => live.next(summary([0, 5, 2, 1])));
    expect(badge()).toBe('3');
    expect(bell().getAttribute('aria-label')).toBe('3 alarms to acknowledge');

    act(() => live.next(summary([0, 5, 0, 1])));
    expect(badge()).toBe('1');
    expect(bell().getAttribute('aria-label')).toBe('1 alarm to acknowledge');

    act(() => live.next(summary([0, 0, 60, 40])));
    expect(badge()).toBe('99+');
    act(() => live.next(summary([0, 9, 0, 0])));
    expect(badge()).toBeNull();
  });

  it('opens on the alarms it counts, each with its severity, device and attribute, and a link to Alarms', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        jsonResponse(200, { alarms: [alarm(1, 3, 'edge-07', 1), alarm(2, 2, 'אנטנה-3', 1)], total: 11, revision: 2 }),
      );
    const live = new BehaviorSubject<FleetSummary | null>(summary([0, 0, 10, 1]));
    renderWithSession(<AlarmBellButton summary$={live} environmentId={2} severity={2} />);
    expect(badge()).toBe('11');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(bell().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByTestId(TestId.notifications.item(2))).toBeTruthy();
    const url = new URL(fetchMock.mock.calls[0]?.[0] as string, 'http://console.test');
    expect(url.pathname).toBe('/api/v1/config/2/alarms');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      state: 'active',
      acknowledged: 'false',
      severities: '2,3',
      page_size: '8',
    });

    const first = screen.getByTestId(TestId.notifications.item(1));
    expect(first.textContent).toContain('Critical');
    expect(first.textContent).toContain('edge-07');
    expect(first.textContent).toContain('Temperature');
    const device = screen.getByText('אנטנה-3');
    expect(device.getAttribute('dir')).toBe('auto');
    expect(screen.getByTestId(TestId.notifications.list).textContent).toContain('and 9 more');
    expect(screen.getByTestId(TestId.notifications.openAlarms).getAttribute('href')).toBe(
      `${ROUTES.alarms}?state=active&acknowledged=no`,
    );
  });

  it('says so when no alarm waits', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { alarms: [], total: 0, revision: 0 }));
    renderWithSession(<AlarmBellButton summary$={new BehaviorSubject(null)} environmentId={2} severity={3} />);
    fireEvent.click(bell());
    expect((await screen.findByTestId(TestId.notifications.empty)).textContent).toBe(
      'No alarms wait for acknowledgement',
    );
  });

  it('counts critical alarms until the user’s severity is known, then from it', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    summaries.next(summary([0, 4, 2, 1]));
    renderWithSession(<AlarmBell />);
    expect(badge()).toBe('1');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/notification_settings');

    const settings = {
      email_alarms: true,
      email_digest: false,
      locale: 'en-US' as const,
      severity: 1,
      email_interval_minutes: null,
      default_interval_minutes: 5,
      severity_editable: true,
      email: null,
      pending_email: null,
    };
    act(() => answer(jsonResponse(200, settings)));
    await waitFor(() => expect(badge()).toBe('7'));
    // A manager saves a new severity in Settings: the bell counts from it at once (issue 39, item 1).
    act(() => notificationSettingsSaved$.next({ ...settings, severity: 2 }));
    await waitFor(() => expect(badge()).toBe('3'));
  });
});
