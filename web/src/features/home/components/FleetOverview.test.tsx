import {
  devicePath,
  Permission,
  Severity,
  SystemLogEvent,
  TestId,
  ThresholdAttributeType,
  TwoFactorStatus,
  type FleetSummary,
} from '@halo/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import { renderWithSession, signedIn } from '../../../testing/sessionHarness';
import { FleetOverview } from './FleetOverview';

const counts = {
  total: 3,
  connected: 2,
  notConnected: 1,
  nonActivated: 0,
  unknown: 0,
  mainAppOnline: 2,
  mainAppOffline: 0,
  linksDegraded: 0,
};

/** `count` problems, each a device not connected. */
const notConnected = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `gate-${index + 1}`,
    kind: 'notConnected' as const,
    severity: 3,
  }));

function renderOverview(summary$: BehaviorSubject<FleetSummary | null>) {
  return render(
    <I18nextProvider i18n={createI18n('en-US')}>
      <MemoryRouter>
        <FleetOverview summary$={summary$} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('FleetOverview', () => {
  afterEach(() => cleanup());

  it('claims no "no problems" and no "no alerts" before the first summary: it says it waits', () => {
    const summary$ = new BehaviorSubject<FleetSummary | null>(null);
    renderOverview(summary$);
    expect(screen.queryByTestId(TestId.home.noProblems)).toBeNull();
    expect(screen.queryByText('No device needs attention')).toBeNull();
    expect(screen.getAllByText(/Waiting for live data/).length).toBeGreaterThanOrEqual(3);
    act(() => summary$.next({ counts, problems: [], problemCount: 0, alerts: [] }));
    expect(screen.getByTestId(TestId.home.noProblems)).toBeTruthy();
    expect(screen.queryByText(/Waiting for live data/)).toBeNull();
  });

  it('links a problem’s device to its page, and keeps the counts opening Devices filtered', () => {
    const summary$ = new BehaviorSubject<FleetSummary | null>({
      counts,
      problems: [{ id: 7, name: 'gate-north', kind: 'notConnected', severity: 3 }],
      problemCount: 1,
      alerts: [],
    });
    renderWithSession(
      <FleetOverview summary$={summary$} />,
      signedIn({ permissions: [Permission.DEVICES_VIEW], two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE } }),
    );
    const problem = screen.getByTestId(TestId.home.problem(7));
    expect(problem.querySelector('a')?.getAttribute('href')).toBe(devicePath(7));
    expect(screen.getByTestId(TestId.home.count('notConnected')).getAttribute('href')).toBe(
      '/config/devices?status=notConnected',
    );
    expect(screen.queryByTestId(TestId.home.moreProblems)).toBeNull();
  });

  it('links every device needing attention by its state to the Devices table filtered so, counting what the filter shows', () => {
    const problems = notConnected(12);
    const summary$ = new BehaviorSubject<FleetSummary | null>({ counts, problems, problemCount: 25, alerts: [] });
    renderWithSession(
      <FleetOverview summary$={summary$} />,
      signedIn({ permissions: [Permission.DEVICES_VIEW], two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE } }),
    );
    const more = screen.getByTestId(TestId.home.moreProblems);
    expect(more.textContent).toBe('See all 25 devices needing attention by their state');
    expect(more.getAttribute('href')).toBe('/config/devices?status=problems');
    expect(screen.queryByTestId(TestId.home.alertOnlyProblems)).toBeNull();
  });

  it('counts apart the devices that need attention by a recent alert alone: the filter does not show them (issue 39, item 16)', () => {
    const problems = notConnected(12);
    const summary$ = new BehaviorSubject<FleetSummary | null>({
      counts,
      problems,
      problemCount: 25,
      alertOnlyCount: 6,
      alerts: [],
    });
    renderWithSession(
      <FleetOverview summary$={summary$} />,
      signedIn({ permissions: [Permission.DEVICES_VIEW], two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE } }),
    );
    expect(screen.getByTestId(TestId.home.moreProblems).textContent).toBe(
      'See all 19 devices needing attention by their state',
    );
    expect(screen.getByTestId(TestId.home.alertOnlyProblems).textContent).toBe(
      ' and 6 by recent alerts (see Latest alerts)',
    );
    // Every one beyond the list by an alert alone: nothing for the filter to show, so no link.
    act(() => summary$.next({ counts, problems, problemCount: 14, alertOnlyCount: 14, alerts: [] }));
    expect(screen.queryByTestId(TestId.home.moreProblems)).toBeNull();
    expect(screen.getByTestId(TestId.home.alertOnlyProblems).textContent).toBe(
      ' 14 devices need attention by recent alerts (see Latest alerts)',
    );
  });

  it('he-IL: tells an alert in Hebrew, in the list and as a problem, not in the log’s stored English (issue 39, item 14)', () => {
    const alert = {
      id: 41,
      device_name: 'gate-north',
      device_attribute_type: ThresholdAttributeType.DEVICE_STATE,
      event_type: SystemLogEvent.THRESHOLD_CRITICAL,
      value: '12 min',
      severity: Severity.CRITICAL,
      description: 'gate-north: not connected for 12 min, critical',
      log_time: '2026-11-23T12:01:00.000Z',
    };
    const summary$ = new BehaviorSubject<FleetSummary | null>({
      counts,
      problems: [{ id: 7, name: 'gate-north', kind: 'alert', severity: 3, alert }],
      problemCount: 1,
      alerts: [alert],
    });
    const { container } = renderWithSession(
      <FleetOverview summary$={summary$} />,
      signedIn({ permissions: [Permission.DEVICES_VIEW], two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE } }),
      undefined,
      'he-IL',
    );
    const texts = [...container.querySelectorAll('.home-alert-text')].map((element) =>
      (element.textContent ?? '').replace(/[\u2066-\u2069]/g, ''),
    );
    expect(texts).toEqual(['לא מחובר כבר 12 דק׳, חומרה קריטית', 'לא מחובר כבר 12 דק׳, חומרה קריטית']);
    // A Hebrew sentence runs in the page's direction, not the device name's.
    expect(container.querySelector('.home-alert-text')?.getAttribute('dir')).toBeNull();
  });
});
