import {
  API,
  devicePath,
  ErrorCode,
  FIRMWARE_REPORT_MAX_VERSIONS,
  Permission,
  TestId,
  TwoFactorStatus,
  type AvailabilityReport,
  type DeviceAvailability,
  type FirmwareReport,
} from '@halo/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { SessionContext } from '../../lib/session';
import { answer, fakeApi, file, refuse, type FakeRoute } from '../../testing/fakeApi';
import { signedIn, testSessionLogic } from '../../testing/sessionHarness';
import { AVAILABILITY_PAGE_SIZE } from './components/AvailabilityReport';
import { ReportsPage } from './ReportsPage';

const HOUR = 3_600_000;

const deviceRow = (device_id: number, name: string, availability: number | null, outages = 0): DeviceAvailability => ({
  device_id,
  name,
  availability,
  outages,
  mttr_ms: outages > 0 ? 10 * 60_000 : null,
  observed_ms: availability === null ? 0 : 24 * HOUR,
  connected_ms: availability === null ? 0 : Math.round(availability * 24 * HOUR),
});

const report =
  (devices: readonly DeviceAvailability[]) =>
  ({ query }: { query: URLSearchParams }): AvailabilityReport => ({
    from: Number(query.get('from')),
    to: Number(query.get('to')),
    total: { observed_ms: 72 * HOUR, connected_ms: 60 * HOUR, availability: 0.8333, outages: 4, mttr_ms: 12 * 60_000 },
    devices: [...devices],
  });

const firmware: FirmwareReport = {
  versions: [
    { component: 'firmware', version: '4.2.0', devices: 2, behind_fixed: 1 },
    { component: 'firmware', version: '4.3.0', devices: 5, behind_fixed: 0 },
    { component: 'modem', version: '1.1', devices: 7, behind_fixed: 0 },
  ],
  unreported: 1,
  more_versions: null,
};

const devices = [deviceRow(1, 'gate-b', 0.5, 3), deviceRow(2, 'gate-a', 0.99, 1), deviceRow(3, 'gate-c', null)];

function renderReports(routes: readonly FakeRoute[], language: 'en-US' | 'he-IL' = 'en-US') {
  const api = fakeApi(routes);
  const session = signedIn({
    permissions: [Permission.DEVICES_VIEW],
    two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE },
  });
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <SessionContext.Provider logic={testSessionLogic()} options={{ input: session }}>
        <MemoryRouter initialEntries={['/services/reports?window=7d']}>
          <ReportsPage />
        </MemoryRouter>
      </SessionContext.Provider>
    </I18nextProvider>,
  );
  return api;
}

const shownIds = () =>
  within(screen.getByTestId(TestId.reports.availabilityTable))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Number(row.getAttribute('data-testid')?.split('-').at(-1)));

describe('the reports', () => {
  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the environment’s total, then the devices least available first, each linking to its page', async () => {
    const api = renderReports([
      answer(API.devices.availabilityReport, report(devices)),
      answer(API.devices.firmwareReport, firmware),
    ]);
    const total = await screen.findByTestId(TestId.reports.availabilityTotal);
    expect(total.textContent).toContain('83.33%');
    expect(total.textContent).toContain('12 min');
    expect(shownIds()).toEqual([1, 2, 3]);
    const row = screen.getByTestId(TestId.reports.availabilityRow(1));
    expect(row.textContent).toContain('50%');
    expect(within(row).getByRole('link').getAttribute('href')).toBe(devicePath(1));
    // A device never connected has no data, not 0 % with 0 outages; the total says it adds devices up.
    const never = screen.getByTestId(TestId.reports.availabilityRow(3));
    expect(never.textContent).toBe('gate-cNo data');
    expect(total.textContent).toContain('Time observed, devices added up');
    // The window of the address: 7 days.
    const asked = api.calls.find((call) => call.endpoint === API.devices.availabilityReport);
    expect(Number(asked?.query.get('to')) - Number(asked?.query.get('from'))).toBe(7 * 24 * HOUR);
  });

  it('sorts by the heading clicked, and again the other way', async () => {
    renderReports([
      answer(API.devices.availabilityReport, report(devices)),
      answer(API.devices.firmwareReport, firmware),
    ]);
    await screen.findByTestId(TestId.reports.availabilityTable);
    fireEvent.click(screen.getByTestId(TestId.reports.availabilitySort('name')));
    expect(shownIds()).toEqual([2, 1, 3]);
    fireEvent.click(screen.getByTestId(TestId.reports.availabilitySort('name')));
    expect(shownIds()).toEqual([3, 1, 2]);
    fireEvent.click(screen.getByTestId(TestId.reports.availabilitySort('outages')));
    expect(shownIds()).toEqual([1, 2, 3]);
    fireEvent.click(screen.getByTestId(TestId.reports.availabilitySort('availability')));
    expect(shownIds()).toEqual([1, 2, 3]);
    fireEvent.click(screen.getByTestId(TestId.reports.availabilitySort('availability')));
    expect(shownIds()).toEqual([2, 1, 3]);
  });

  it('shows a long report a page at a time', async () => {
    const many = Array.from({ length: AVAILABILITY_PAGE_SIZE + 20 }, (_, index) =>
      deviceRow(index + 1, `device-${index + 1}`, index / 1000),
    );
    renderReports([answer(API.devices.availabilityReport, report(many)), answer(API.devices.firmwareReport, firmware)]);
    await screen.findByTestId(TestId.reports.availabilityTable);
    expect(shownIds()).toHaveLength(AVAILABILITY_PAGE_SIZE);
    expect(screen.getByTestId(TestId.reports.pagePosition).textContent).toBe('1–100 of 120');
    fireEvent.click(screen.getByTestId(TestId.reports.pageNext));
    expect(shownIds()).toEqual(Array.from({ length: 20 }, (_, index) => AVAILABILITY_PAGE_SIZE + index + 1));
    expect(screen.getByTestId(TestId.reports.pageNext).hasAttribute('disabled')).toBe(true);
  });

  it('exports each report as the server writes it, for the window shown and in the reader’s language', async () => {
    const api = renderReports([
      answer(API.devices.availabilityReport, report(devices)),
      answer(API.devices.firmwareReport, firmware),
      file(API.devices.availabilityReportExport, 'availability.csv', 'device,availability\n'),
      file(API.devices.firmwareReportExport, 'firmware.csv', 'component,version\n'),
    ]);
    await screen.findByTestId(TestId.reports.availabilityTable);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByTestId(TestId.reports.availabilityExport));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const shown = api.calls.find((call) => call.endpoint === API.devices.availabilityReport);
    const exported = api.calls.find((call) => call.endpoint === API.devices.availabilityReportExport);
    expect(exported?.query.get('from')).toBe(shown?.query.get('from'));
    expect(exported?.query.get('to')).toBe(shown?.query.get('to'));
    expect(exported?.query.get('lang')).toBe('en-US');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('availability.csv');

    fireEvent.click(screen.getByTestId(TestId.reports.firmwareExport));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(api.calls.some((call) => call.endpoint === API.devices.firmwareReportExport)).toBe(true);
    expect((click.mock.contexts[1] as HTMLAnchorElement).download).toBe('firmware.csv');
  });

  it('lists the firmware in use, each component’s versions together, those not on their fixed version marked', async () => {
    renderReports([
      answer(API.devices.availabilityReport, report(devices)),
      answer(API.devices.firmwareReport, firmware),
    ]);
    const table = await screen.findByTestId(TestId.reports.firmwareTable);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Firmware4.3.050', 'Firmware4.2.021', 'modem1.170']);
    expect(screen.getByText('1 device reports no version (never activated).')).toBeTruthy();
    expect(screen.queryByTestId(TestId.reports.firmwareMore)).toBeNull();
  });

  it('says how many versions, run by how many devices, a capped firmware report leaves out', async () => {
    const capped = { ...firmware, more_versions: { versions: 1234, devices: 2345 } };
    renderReports([
      answer(API.devices.availabilityReport, report(devices)),
      answer(API.devices.firmwareReport, capped),
    ]);
    expect((await screen.findByTestId(TestId.reports.firmwareMore)).textContent).toBe(
      `Only the ${FIRMWARE_REPORT_MAX_VERSIONS.toLocaleString('en-US')} versions run by the most devices are listed: 1,234 more versions, run by 2,345 devices, are not.`,
    );
    cleanup();
    renderReports(
      [answer(API.devices.availabilityReport, report(devices)), answer(API.devices.firmwareReport, capped)],
      'he-IL',
    );
    expect((await screen.findByTestId(TestId.reports.firmwareMore)).textContent).toContain(
      '1,234 גרסאות נוספות, שמריצים 2,345 התקנים',
    );
  });

  it('says why a report could not be made: over its budget, or not offered by the provider', async () => {
    renderReports([
      refuse(API.devices.availabilityReport, 503, {
        error: ErrorCode.QUERY_BUDGET_EXCEEDED,
        message: 'over budget',
        fields: { budget_s: 10 },
      }),
    ]);
    expect((await screen.findByTestId(TestId.reports.availabilityError)).textContent).toContain('10 s budget');
    // The fake answers 404 to the firmware report: an upstream without the extension.
    expect((await screen.findByTestId(TestId.reports.firmwareError)).textContent).toContain(
      'This provider does not offer this report.',
    );
  });
});
