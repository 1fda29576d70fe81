import { RF_RECORDINGS_LIST_MAX, TestId, type Device, type RfRecordingListResponse } from '@halo/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import { RfRecordingsDialog } from './RfRecordingsDialog';

const device: Device = {
  id: 7,
  name: 'rf-device',
  pairing_id: 'RF-0001',
  type: 1,
  is_server: false,
  is_enabled: true,
  is_activated: true,
  availability: 1,
  main_app_status: null,
  upgrade_policy: null,
};

const recording = (index: number) => ({
  report_uuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  device_id: device.id,
  device_name: device.name,
  serial: device.pairing_id,
  start_time: new Date(Date.UTC(2026, 10, 23) - index * 60_000).toISOString(),
  end_time: null,
});

function renderDialog(answer: RfRecordingListResponse, language: 'en-US' | 'he-IL' = 'en-US') {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <RfRecordingsDialog device={device} environmentId={1} onClose={() => undefined} />
    </I18nextProvider>,
  );
}

describe('RfRecordingsDialog', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says when only the newest recordings are listed', async () => {
    renderDialog({ rf_recordings: [recording(0), recording(1)], truncated: true });
    expect(await screen.findByTestId(TestId.devices.rfRecording(recording(1).report_uuid))).toBeTruthy();
    expect(screen.getByTestId(TestId.devices.rfTruncated).textContent).toBe(
      `Showing the newest ${RF_RECORDINGS_LIST_MAX} recordings: older ones are not listed.`,
    );
  });

  it('says it in Hebrew too', async () => {
    renderDialog({ rf_recordings: [recording(0)], truncated: true }, 'he-IL');
    expect((await screen.findByTestId(TestId.devices.rfTruncated)).textContent).toContain(
      String(RF_RECORDINGS_LIST_MAX),
    );
  });

  it('says nothing of a cut when the list is whole, or from a provider that does not cut it', async () => {
    renderDialog({ rf_recordings: [recording(0)], truncated: false });
    expect(await screen.findByTestId(TestId.devices.rfRecording(recording(0).report_uuid))).toBeTruthy();
    expect(screen.queryByTestId(TestId.devices.rfTruncated)).toBeNull();
    cleanup();
    vi.restoreAllMocks();
    renderDialog({ rf_recordings: [recording(1)] });
    expect(await screen.findByTestId(TestId.devices.rfRecording(recording(1).report_uuid))).toBeTruthy();
    expect(screen.queryByTestId(TestId.devices.rfTruncated)).toBeNull();
  });
});
