import { TestId } from '@halo/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithSession } from '../../../testing/sessionHarness';
import { SilencesDialog } from './SilencesDialog';

const silence = {
  id: 4,
  environment_id: 7,
  scope: 'environment',
  device_id: null,
  device_name: null,
  reason: 'Site power work',
  starts_at: '2026-11-27T08:00:00.000Z',
  ends_at: '2026-11-27T10:00:00.000Z',
  created_by: 'admin',
  created_at: '2026-11-27T08:00:00.000Z',
};

describe('SilencesDialog', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the silences, silences the selected devices for a duration with a reason, and ends one', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: input as string, body: init?.body ? JSON.parse(init.body as string) : undefined });
      if (method === 'POST') return Promise.resolve(jsonResponse(201, { silences: [silence, silence] }));
      if (method === 'DELETE') return Promise.resolve(jsonResponse(200, { ok: true }));
      return Promise.resolve(jsonResponse(200, { silences: [silence] }));
    });
    const onChanged = vi.fn();
    renderWithSession(
      <SilencesDialog environmentId={7} deviceIds={[11, 12]} onClose={vi.fn()} onChanged={onChanged} />,
    );

    expect(await screen.findByTestId(TestId.alarms.silenceList)).toHaveProperty(
      'textContent',
      expect.stringContaining('Site power work'),
    );
    const create = screen.getByTestId<HTMLButtonElement>(TestId.alarms.silenceCreate);
    expect(create.disabled).toBe(true); // no reason yet
    fireEvent.change(screen.getByTestId(TestId.alarms.silenceDuration), { target: { value: '8' } });
    fireEvent.change(screen.getByTestId(TestId.alarms.silenceReason), { target: { value: 'Replacing modems' } });
    fireEvent.click(create);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/v1/config/7/alarm_silences',
      body: { scope: 'device', device_ids: [11, 12], duration_minutes: 480, reason: 'Replacing modems' },
    });

    fireEvent.click(await screen.findByTestId(TestId.alarms.silenceEnd(4)));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/v1/config/7/alarm_silences/4')).toBe(
      true,
    );
  });

  it('offers the whole environment alone when no alarm is selected', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { silences: [] }));
    renderWithSession(<SilencesDialog environmentId={7} deviceIds={[]} onClose={vi.fn()} onChanged={vi.fn()} />);
    const device = await screen.findByTestId<HTMLInputElement>(TestId.alarms.silenceScope('device'));
    expect(device.disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>(TestId.alarms.silenceScope('environment')).checked).toBe(true);
  });
});
