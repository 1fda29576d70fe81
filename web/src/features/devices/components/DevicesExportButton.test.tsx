import { TestId } from '@halo/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { EMPTY } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../../lib/api/saveFile';
import { DEVICE_SORT_COLUMNS, type FleetExportRequest, type FleetTable } from '../../../lib/fleet';
import { createI18n } from '../../../lib/i18n/i18n';
import { deviceExportColumns } from './deviceColumns';
import { DevicesExportButton, devicesExportFileName } from './DevicesExportButton';
import { deviceGroupNames, type DeviceGroupNames } from '../deviceGroups';

vi.mock('../../../lib/api/saveFile', () => ({ saveFile: vi.fn() }));

/** A table whose export the test answers. */
function exportingTable(answer: (request: FleetExportRequest) => Promise<ArrayBuffer>) {
  const requests: FleetExportRequest[] = [];
  const table: FleetTable = {
    window$: EMPTY,
    setQuery: () => undefined,
    setWindow: () => undefined,
    select: () => undefined,
    selectedIds: () => Promise.resolve([]),
    exportCsv: (request) => {
      requests.push(request);
      return answer(request);
    },
  };
  return { table, requests };
}

function renderButton(
  table: FleetTable,
  language: 'en-US' | 'he-IL' = 'en-US',
  groups: (() => Promise<DeviceGroupNames>) | null = null,
) {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <DevicesExportButton
        table={table}
        columns={() => [
          { key: 'name', label: 'Name' },
          { key: 'connection', label: 'Connection' },
        ]}
        groups={groups}
      />
    </I18nextProvider>,
  );
}

describe('DevicesExportButton', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('asks the fleet worker for the columns shown, in the reader’s words, and saves the file it writes', async () => {
    const { table, requests } = exportingTable(() => Promise.resolve(new TextEncoder().encode('Name\r\n').buffer));
    renderButton(table, 'he-IL');
    fireEvent.click(screen.getByTestId(TestId.devicesBulk.export));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(requests[0]?.columns.map((column) => column.key)).toEqual(['name', 'connection']);
    expect(requests[0]?.texts.connection[1]).toBe(createI18n('he-IL').t('devices.connection.connected'));
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(await blob.text()).toBe('Name\r\n');
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(name).toMatch(/^devices-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('hands the worker the groups each device is in, read before the file is written', async () => {
    const { table, requests } = exportingTable(() => Promise.resolve(new TextEncoder().encode('Name\r\n').buffer));
    renderButton(table, 'en-US', () => Promise.resolve({ 3: ['north'] }));
    fireEvent.click(screen.getByTestId(TestId.devicesBulk.export));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(requests[0]?.groups).toEqual({ 3: ['north'] });
  });

  it('names the file by the day', () => {
    expect(devicesExportFileName(new Date(2026, 0, 5, 23, 59))).toBe('devices-2026-01-05.csv');
  });
});

describe('deviceExportColumns', () => {
  it('writes every data column of the table, in its order and labelled as its header, whatever the width shows', () => {
    const { t } = createI18n('he-IL');
    const columns = deviceExportColumns(t, { groups: true });
    // The table's columns (Enabled among them), then the groups and the coordinates a file has.
    expect(columns.map((column) => column.key)).toEqual([...DEVICE_SORT_COLUMNS, 'groups', 'latitude', 'longitude']);
    expect(columns.map((column) => column.key)).toContain('enabled');
    expect(columns.at(-2)).toEqual({ key: 'latitude', label: t('devices.columns.latitude') });
    expect(columns[0]).toEqual({ key: 'name', label: t('devices.columns.name') });
    // Neither the checkboxes nor the row buttons.
    expect(columns.some((column) => (column.key as string) === 'select' || (column.key as string) === 'actions')).toBe(
      false,
    );
  });
});

describe('deviceGroupNames', () => {
  it('reads each group’s devices and names every device’s groups, by name', async () => {
    const answers: Record<string, unknown> = {
      list: {
        groups: [
          { id: 2, name: 'south' },
          { id: 1, name: 'north' },
        ],
      },
      1: { devices: [{ id: 5, name: 'a', pairing_id: 'A' }] },
      2: {
        devices: [
          { id: 5, name: 'a', pairing_id: 'A' },
          { id: 6, name: 'b', pairing_id: 'B' },
        ],
      },
    };
    const call = vi.fn((endpoint: { readonly path: string }, request: { readonly params: { readonly id?: number } }) =>
      Promise.resolve(answers[endpoint.path.endsWith('/devices') ? String(request.params.id) : 'list']),
    );
    const names = await deviceGroupNames({ call } as unknown as Parameters<typeof deviceGroupNames>[0], 9);
    expect(names).toEqual({ 5: ['north', 'south'], 6: ['south'] });
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('leaves the groups out of a file for a user who may not see them', () => {
    const { t } = createI18n('en-US');
    expect(deviceExportColumns(t, { groups: false }).map((column) => column.key)).not.toContain('groups');
  });
});
