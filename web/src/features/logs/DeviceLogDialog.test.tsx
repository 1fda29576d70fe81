import { TestId, type SystemLogEntry } from '@halo/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { DeviceLogDialog } from './DeviceLogDialog';

const entry = (id: number): SystemLogEntry => ({
  id,
  device_id: 7,
  device_name: 'gate',
  device_attribute_type: 1,
  event_type: 'link_down',
  value: '0',
  severity: 1,
  description: 'gate: event',
  log_time: new Date(Date.parse('2026-11-26T00:00:00Z') + id * 60_000).toISOString(),
  is_alert: false,
});

const answer = (ids: readonly number[]) =>
  new Response(JSON.stringify({ system_logs: ids.map(entry) }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** The URL a fetch was called with (the client passes a string). */
const requestUrl = (input: unknown) => new URL(typeof input === 'string' ? input : '', 'http://console.test');

describe('DeviceLogDialog', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  // Two pages of 100 rows, each naming its device as a link: seconds of rendering on a busy machine.
  it(
    'asks as the spec does (a date as end_date) and loads earlier entries where they go: above, oldest first',
    { timeout: 20_000 },
    async () => {
      // The newest page (ids 101-200), then the page before it (ids 1-100).
      const newest = Array.from({ length: 100 }, (_, index) => 200 - index);
      const before = Array.from({ length: 100 }, (_, index) => 100 - index);
      const fetchMock = vi
        .spyOn(globalThis, 'fetch')
        .mockResolvedValueOnce(answer(newest))
        .mockResolvedValueOnce(answer(before));
      render(
        <I18nextProvider i18n={createI18n('en-US')}>
          <DeviceLogDialog environmentId={1} device={{ id: 7, name: 'gate' }} onClose={() => undefined} />
        </I18nextProvider>,
      );
      const rowIds = () =>
        screen
          .getAllByTestId(/^logs-row-/)
          .map((row) => Number(row.getAttribute('data-testid')?.replace('logs-row-', '')));
      await waitFor(() => expect(rowIds()).toHaveLength(100));
      const first = requestUrl(fetchMock.mock.calls[0]?.[0]);
      expect(first.searchParams.get('device_ids')).toBe('7');
      expect(first.searchParams.get('end_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rowIds()[0]).toBe(101);

      // "Load older" sits before the rows: where an oldest-first list puts earlier entries.
      const older = screen.getByTestId(TestId.logs.older);
      const table = screen.getByTestId(TestId.logs.rows);
      expect(older.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      fireEvent.click(older);
      await waitFor(() => expect(rowIds()).toHaveLength(200));
      const second = requestUrl(fetchMock.mock.calls[1]?.[0]);
      expect(second.searchParams.get('object_id')).toBe('101');
      expect(rowIds().slice(0, 3)).toEqual([1, 2, 3]);
      expect(rowIds().at(-1)).toBe(200);
    },
  );
});
