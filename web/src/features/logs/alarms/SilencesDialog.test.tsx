import { TestId } from '@halo/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithSession, signedIn } from '../../../testing/sessionHarness';
import { SilencesDialog } from './SilencesDialog';

const silence = {
  id: 4,
  environment_id: 7,
  scope: 'environment',
  device_id: null,
  device_name: null,
  group_id: null,
  group_name: null,
  reason: 'Site power work',
  starts_at: '2026-11-27T08:00:00.000Z',
  ends_at: '2026-11-27T10:00:00.000Z',
  created_by: 'admin',
  created_at: '2026-11-27T08:00:00.000Z',
  may_end: true,
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
      if ((input as string).endsWith('/groups')) return Promise.resolve(jsonResponse(200, { groups: [] }));
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

  it('offers no end for a silence set from an environment above, and says whose it is', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        jsonResponse(
          200,
          (input as string).endsWith('/groups') ? { groups: [] } : { silences: [{ ...silence, may_end: false }] },
        ),
      ),
    );
    renderWithSession(<SilencesDialog environmentId={7} deviceIds={[]} onClose={vi.fn()} onChanged={vi.fn()} />);
    const list = await screen.findByTestId(TestId.alarms.silenceList);
    expect(list.textContent).toContain('Set from an environment above yours');
    expect(screen.queryByTestId(TestId.alarms.silenceEnd(4))).toBeNull();
  });

  it('offers the whole environment alone when no alarm is selected and the environment has no group', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(jsonResponse(200, (input as string).endsWith('/groups') ? { groups: [] } : { silences: [] })),
    );
    renderWithSession(<SilencesDialog environmentId={7} deviceIds={[]} onClose={vi.fn()} onChanged={vi.fn()} />);
    const group = await screen.findByTestId<HTMLInputElement>(TestId.alarms.silenceScope('group'));
    expect(group.disabled).toBe(true);
    // No alarm selected (the Silences screen): no device choice at all.
    expect(screen.queryByTestId(TestId.alarms.silenceScope('device'))).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>(TestId.alarms.silenceScope('environment')).checked).toBe(true);
  });

  it('silences a chosen group, and lists a group silence by the group’s name', async () => {
    const posted: unknown[] = [];
    const groupSilence = { ...silence, id: 5, scope: 'group', group_id: 22, group_name: 'rack-row-4' };
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        return Promise.resolve(jsonResponse(201, { silences: [groupSilence] }));
      }
      if ((input as string).endsWith('/groups'))
        return Promise.resolve(
          jsonResponse(200, {
            groups: [
              { id: 21, name: 'north' },
              { id: 22, name: 'rack-row-4' },
            ],
          }),
        );
      return Promise.resolve(jsonResponse(200, { silences: [groupSilence] }));
    });
    renderWithSession(
      <SilencesDialog environmentId={7} deviceIds={[]} onClose={vi.fn()} onChanged={vi.fn()} />,
      signedIn({ environment_manager: true }),
    );
    expect(await screen.findByTestId(TestId.alarms.silenceList)).toHaveProperty(
      'textContent',
      expect.stringContaining('rack-row-4'),
    );
    const group = await screen.findByTestId<HTMLInputElement>(TestId.alarms.silenceScope('group'));
    await waitFor(() => expect(group.disabled).toBe(false));
    fireEvent.click(group);
    fireEvent.change(await screen.findByTestId(TestId.alarms.silenceGroup), { target: { value: '22' } });
    fireEvent.change(screen.getByTestId(TestId.alarms.silenceReason), { target: { value: 'Rewiring' } });
    fireEvent.click(screen.getByTestId(TestId.alarms.silenceCreate));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ scope: 'group', group_ids: [22], duration_minutes: 240, reason: 'Rewiring' });
  });

  it("plans a silence ahead: the start typed (in the browser's zone, UTC here) is sent as starts_at, empty starts now", async () => {
    const posted: Record<string, unknown>[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(init.body as string) as Record<string, unknown>);
        return Promise.resolve(jsonResponse(201, { silences: [silence] }));
      }
      return Promise.resolve(
        jsonResponse(200, (input as string).endsWith('/groups') ? { groups: [] } : { silences: [] }),
      );
    });
    renderWithSession(<SilencesDialog environmentId={7} deviceIds={[]} onClose={vi.fn()} onChanged={vi.fn()} />);
    const starts = await screen.findByTestId<HTMLInputElement>(TestId.alarms.silenceStartsAt);
    fireEvent.change(starts, { target: { value: '2026-12-01T06:00' } });
    fireEvent.change(screen.getByTestId(TestId.alarms.silenceReason), { target: { value: 'Firmware rollout' } });
    fireEvent.submit(screen.getByTestId(TestId.alarms.silenceDialog));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      scope: 'environment',
      starts_at: '2026-12-01T06:00:00.000Z',
      reason: 'Firmware rollout',
    });
    // Cleared after the save: the next one starts now (no starts_at sent).
    await waitFor(() => expect(starts.value).toBe(''));
    fireEvent.change(screen.getByTestId(TestId.alarms.silenceReason), { target: { value: 'Now' } });
    fireEvent.submit(screen.getByTestId(TestId.alarms.silenceDialog));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).not.toHaveProperty('starts_at');
  });

  it("reads the start in the user's zone, named beside it, across a change of offset (issue 39, item 15)", async () => {
    const posted: Record<string, unknown>[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(init.body as string) as Record<string, unknown>);
        return Promise.resolve(jsonResponse(201, { silences: [silence] }));
      }
      return Promise.resolve(
        jsonResponse(200, (input as string).endsWith('/groups') ? { groups: [] } : { silences: [] }),
      );
    });
    renderWithSession(
      <SilencesDialog environmentId={7} deviceIds={[]} onClose={vi.fn()} onChanged={vi.fn()} />,
      signedIn({ time_zone: 'Europe/Berlin' }),
    );
    const starts = await screen.findByTestId<HTMLInputElement>(TestId.alarms.silenceStartsAt);
    expect(screen.getByTestId(TestId.alarms.silenceZone).textContent).toMatch(
      /^In \u2066Europe\/Berlin, UTC\+[12]\u2069$/,
    );
    const plan = async (typed: string) => {
      fireEvent.change(starts, { target: { value: typed } });
      fireEvent.change(screen.getByTestId(TestId.alarms.silenceReason), { target: { value: 'Maintenance' } });
      const before = posted.length;
      fireEvent.submit(screen.getByTestId(TestId.alarms.silenceDialog));
      await waitFor(() => expect(posted).toHaveLength(before + 1));
      await waitFor(() => expect(starts.value).toBe(''));
      return posted.at(-1)?.starts_at;
    };
    // Summer time the night before the clocks go back, winter time after; 02:30 that night is the first (summer).
    expect(await plan('2026-10-24T23:00')).toBe('2026-10-24T21:00:00.000Z');
    expect(await plan('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(await plan('2026-10-25T06:00')).toBe('2026-10-25T05:00:00.000Z');
    // The night the clocks go forward.
    expect(await plan('2026-03-29T01:30')).toBe('2026-03-29T00:30:00.000Z');
    expect(await plan('2026-03-29T03:30')).toBe('2026-03-29T01:30:00.000Z');
  });
});
