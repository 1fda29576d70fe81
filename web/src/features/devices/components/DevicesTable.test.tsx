import { TestId, type Device, type DeviceLiveState } from '@halo/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TABLE_QUERY,
  fleetRowOf,
  type FleetTable,
  type FleetTableQuery,
  type FleetTableWindow,
} from '../../../lib/fleet';
import { createI18n } from '../../../lib/i18n/i18n';
import { DevicesTable } from './DevicesTable';

const record = (id: number): Device => ({
  id,
  name: `device-${id}`,
  pairing_id: `SN${id}`,
  type: 1,
  is_server: false,
  is_enabled: true,
  is_activated: true,
  availability: 1,
  main_app_status: 1,
  upgrade_policy: null,
});

const live = (id: number, change: Partial<DeviceLiveState> = {}): DeviceLiveState => ({
  id,
  name: `device-${id}`,
  pairing_id: `SN${id}`,
  type: 1,
  is_server: false,
  is_enabled: true,
  is_activated: true,
  availability: 1,
  main_app_status: 1,
  device_state: 1,
  links: { cellular: { online: 2, total: 2 } },
  ...change,
});

/** A table whose windows the test posts, as the fleet worker would. */
function fakeTable() {
  const window$ = new Subject<FleetTableWindow>();
  const queries: FleetTableQuery[] = [];
  const windows: [number, number][] = [];
  const table: FleetTable = {
    window$,
    setQuery: () => undefined,
    setWindow: (start, end) => windows.push([start, end]),
  };
  let version = 0;
  let query = DEFAULT_TABLE_QUERY;
  table.setQuery = (next) => {
    queries.push(next);
    query = next;
  };
  const post = (devices: DeviceLiveState[], total = devices.length) =>
    act(() => {
      version += 1;
      window$.next({ version, size: devices.length, total, start: 0, rows: devices.map(fleetRowOf), query });
    });
  return { table, queries, windows, post };
}

describe('DevicesTable', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  // happy-dom lays nothing out: give the table a desktop's viewport so every column renders.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1600);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 1600, 800));
  });

  function renderTable(options: { query?: FleetTableQuery; records?: Device[]; live?: boolean } = {}) {
    const fake = fakeTable();
    const sorts: unknown[] = [];
    const shown: number[][] = [];
    const view = render(
      <I18nextProvider i18n={createI18n('en-US')}>
        <DevicesTable
          table={fake.table}
          query={options.query ?? DEFAULT_TABLE_QUERY}
          onSortChange={(sort) => sorts.push(sort)}
          records={new Map((options.records ?? []).map((device) => [device.id, device]))}
          onRowsShown={(rows) => shown.push(rows.map((row) => row.id))}
          renderActions={(device) => <button data-testid={`act-${device.id}`}>{device.name}</button>}
          actionsLabel="Actions"
          live={options.live ?? true}
        />
      </I18nextProvider>,
    );
    return { view, sorts, shown, ...fake };
  }

  const text = (column: string, id: number) => screen.getByTestId(TestId.devices.cell(column, id)).textContent;

  it('asks for its query and first window, and shows the rows the worker posts', () => {
    const query: FleetTableQuery = { status: 'connected', sort: null, search: 'dev' };
    const { queries, windows, post, shown } = renderTable({ query });
    expect(queries).toEqual([query]);
    expect(windows).toContainEqual([0, 60]);
    post([live(1), live(2, { availability: 0 })]);
    expect(text('name', 1)).toBe('device-1');
    expect(text('connection', 2)).toBe('Not connected');
    expect(shown.at(-1)).toEqual([1, 2]);
    post([live(1, { links: { cellular: { online: 1, total: 3 } } }), live(2)]);
    expect(text('links', 1)).toBe('1/3');
    expect(text('connection', 2)).toBe('Connected');
    expect(screen.getByTestId(TestId.devices.visibleCount).textContent).toContain('2');
  });

  it('shows a row’s buttons once its record is here', () => {
    const { post } = renderTable({ records: [record(2)] });
    post([live(1), live(2)]);
    expect(screen.queryByTestId('act-1')).toBeNull();
    expect(screen.getByTestId('act-2').textContent).toBe('device-2');
  });

  it('sorts from the column headers', () => {
    const { sorts, post } = renderTable();
    post([live(1)]);
    fireEvent.click(screen.getAllByTestId(TestId.crud.sort('devices', 'name'))[0]!);
    expect(sorts).toEqual([{ column: 'name', direction: 'asc' }]);
  });

  it('says the fleet is empty, or that nothing matches the search, once it is live', () => {
    const empty = renderTable();
    empty.post([]);
    expect(screen.getByTestId(TestId.crud.empty('devices'))).toBeTruthy();
    cleanup();
    const searched = renderTable({ query: { ...DEFAULT_TABLE_QUERY, search: 'nothing' } });
    searched.post([], 5);
    expect(screen.getByTestId(TestId.crud.empty('devices')).textContent).toContain('nothing');
  });
});
