import { TestId, type Device, type DeviceLiveState } from '@halo/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { ReplaySubject, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TABLE_QUERY,
  fleetRowOf,
  NO_SELECTION,
  type FleetTable,
  type FleetTableQuery,
  type FleetTableWindow,
} from '../../../lib/fleet';
import { FleetTableView } from '../../../lib/fleet/fleetTableView';
import { renderWithSession, signedIn } from '../../../testing/sessionHarness';
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
    select: () => undefined,
    selectedIds: () => Promise.resolve([]),
    exportCsv: () => Promise.reject(new Error('not in this test')),
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
      window$.next({
        version,
        size: devices.length,
        total,
        start: 0,
        rows: devices.map(fleetRowOf),
        query,
        selected: devices.map(() => false),
        selection: NO_SELECTION,
      });
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
    // The name cell links to the device's page: the table sits in a session and a router.
    const view = renderWithSession(
      <DevicesTable
        table={fake.table}
        query={options.query ?? DEFAULT_TABLE_QUERY}
        onSortChange={(sort) => sorts.push(sort)}
        records={new Map((options.records ?? []).map((device) => [device.id, device]))}
        onRowsShown={(rows) => shown.push(rows.map((row) => row.id))}
        renderActions={(device) => <button data-testid={`act-${device.id}`}>{device.name}</button>}
        actionsLabel="Actions"
        live={options.live ?? true}
      />,
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

  it('marks a disabled device: Disabled in its Enabled column, its name dimmed; an enabled one says Enabled', () => {
    const { post } = renderTable();
    post([live(1), live(2, { is_enabled: false })]);
    expect(text('enabled', 1)).toBe('Enabled');
    expect(text('enabled', 2)).toBe('Disabled');
    expect(screen.getByTestId(TestId.devices.cell('enabled', 2)).dataset.enabled).toBe('false');
    expect(screen.getByTestId(TestId.devices.cell('name', 2)).closest('.devices-name-disabled')).not.toBeNull();
    expect(screen.getByTestId(TestId.devices.cell('name', 1)).closest('.devices-name-disabled')).toBeNull();
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

  describe('selection', () => {
    /** A table over a real view of the fleet (as the fleet worker keeps it), posting its windows as it would. */
    function liveTable(count: number) {
      const view = new FleetTableView();
      view.reset(new Map(Array.from({ length: count }, (_, index) => [index + 1, live(index + 1)] as const)));
      const window$ = new ReplaySubject<FleetTableWindow>(1);
      const post = () => window$.next(view.window());
      const table: FleetTable = {
        window$,
        setQuery: (query) => {
          view.setQuery(query);
          post();
        },
        setWindow: (start, end) => {
          view.setWindow(start, end);
          post();
        },
        select: (change) => {
          if (view.select(change)) post();
        },
        selectedIds: () => Promise.resolve(view.selectedIds()),
        exportCsv: () => Promise.reject(new Error('not in this test')),
      };
      return { view, table };
    }

    function renderSelectable(count: number, query: FleetTableQuery = DEFAULT_TABLE_QUERY) {
      const { view, table } = liveTable(count);
      renderWithSession(
        <DevicesTable
          table={table}
          query={query}
          onSortChange={() => undefined}
          records={new Map()}
          onRowsShown={() => undefined}
          renderActions={() => null}
          actionsLabel="Actions"
          live
          selectable
          renderSelectionActions={(selection) => <span data-testid="actions">{selection.count}</span>}
        />,
        signedIn({ environment_manager: true }),
      );
      return view;
    }

    const box = (id: number) => screen.getByTestId<HTMLInputElement>(TestId.devicesBulk.rowCheckbox(id));
    const checkedIds = (count: number) =>
      Array.from({ length: count }, (_, index) => index + 1).filter((id) => box(id).checked);

    it('checks rows by id, takes shift-click ranges in the order shown, and names the count in its bar', () => {
      const view = renderSelectable(6, { ...DEFAULT_TABLE_QUERY, sort: { column: 'name', direction: 'desc' } });
      expect(screen.queryByTestId(TestId.devicesBulk.bar)).toBeNull();
      fireEvent.click(box(5));
      // Sorted by name descending the rows are 6,5,4,3,2,1: from 5 to 2 is 5,4,3,2.
      fireEvent.click(box(2), { shiftKey: true });
      expect(checkedIds(6)).toEqual([2, 3, 4, 5]);
      expect([...view.selectedIds()].sort()).toEqual([2, 3, 4, 5]);
      expect(screen.getByTestId(TestId.devicesBulk.count).textContent).toBe('4 selected');
      expect(screen.getByTestId('actions').textContent).toBe('4');
      fireEvent.click(box(3));
      expect(checkedIds(6)).toEqual([2, 4, 5]);
    });

    it('selects all rows matching the filter, clears from the bar and with Escape, moves with the arrows', () => {
      renderSelectable(5);
      fireEvent.click(box(1));
      fireEvent.click(screen.getByTestId(TestId.devicesBulk.selectMatching));
      expect(checkedIds(5)).toEqual([1, 2, 3, 4, 5]);
      expect(screen.getByTestId(TestId.devicesBulk.count).textContent).toBe('5 selected');
      // Everything the filter shows is selected: nothing more to offer.
      expect(screen.queryByTestId(TestId.devicesBulk.selectMatching)).toBeNull();
      fireEvent.click(screen.getByTestId(TestId.devicesBulk.clear));
      expect(checkedIds(5)).toEqual([]);
      expect(screen.queryByTestId(TestId.devicesBulk.bar)).toBeNull();
      fireEvent.click(box(2));
      fireEvent.keyDown(box(2), { key: 'Escape' });
      expect(checkedIds(5)).toEqual([]);
      // The arrows go from row to row (Space then toggles the row, as a checkbox does).
      box(2).focus();
      fireEvent.keyDown(box(2), { key: 'ArrowDown' });
      expect(document.activeElement).toBe(box(3));
      fireEvent.keyDown(box(3), { key: 'ArrowUp' });
      expect(document.activeElement).toBe(box(2));
    });

    it('checks and unchecks the rows on screen from the header', () => {
      renderSelectable(3);
      // Blueprint draws the header in more than one of its quadrants.
      const header = () => screen.getAllByTestId<HTMLInputElement>(TestId.devicesBulk.visibleCheckbox)[0]!;
      fireEvent.click(box(2));
      expect(header().indeterminate).toBe(true);
      fireEvent.click(header());
      expect(checkedIds(3)).toEqual([1, 2, 3]);
      expect(header().checked).toBe(true);
      fireEvent.click(header());
      expect(checkedIds(3)).toEqual([]);
    });

    it('has no checkboxes for a user who may act on no device in bulk', () => {
      renderTable().post([live(1)]);
      expect(screen.queryByTestId(TestId.devicesBulk.rowCheckbox(1))).toBeNull();
    });
  });
});
