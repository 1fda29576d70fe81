import { TestId, type Device, type DeviceLiveState } from '@halo/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FleetBatch } from '../../../lib/fleet';
import { createI18n } from '../../../lib/i18n/i18n';
import type { DeviceStatusFilter } from '../devicesTableModel';
import { DevicesTable, fitColumnWidths } from './DevicesTable';

const columns = [{ width: 100 }, { width: 200 }, { width: 140, fixed: true }];

describe('fitColumnWidths', () => {
  it('shares a wide table’s spare room in proportion, leaving the fixed column as it is', () => {
    const widths = fitColumnWidths(columns, 1040);
    expect(widths).toEqual([300, 600, 140]);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBe(1040);
  });

  it('shrinks the other columns before the table scrolls, down to half their width', () => {
    expect(fitColumnWidths(columns, 365)).toEqual([75, 150, 140]);
    // Narrower than half: the columns stop at half (or 56 px) and the table scrolls.
    expect(fitColumnWidths(columns, 200)).toEqual([56, 100, 140]);
  });

  it('keeps the natural widths before the table is measured', () => {
    expect(fitColumnWidths(columns, 0)).toEqual([100, 200, 140]);
  });
});

const device = (id: number): Device => ({
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

  function renderTable(status: DeviceStatusFilter = 'all') {
    const batch$ = new Subject<FleetBatch>();
    const view = render(
      <I18nextProvider i18n={createI18n('en-US')}>
        <DevicesTable
          devices={[device(1), device(2)]}
          batch$={batch$}
          status={status}
          sort={null}
          onSortChange={() => undefined}
          renderActions={() => null}
          actionsLabel="Actions"
        />
      </I18nextProvider>,
    );
    const push = (changed: DeviceLiveState[], removed: number[] = []) =>
      act(() =>
        batch$.next({ reset: false, changed, removed, devices: new Map(changed.map((state) => [state.id, state])) }),
      );
    return { view, push };
  }

  const text = (column: string, id: number) => screen.getByTestId(TestId.devices.cell(column, id)).textContent;

  it('shows a row per listed device, then patches the cells a live batch changes', () => {
    const { push } = renderTable();
    expect(text('name', 1)).toBe('device-1');
    expect(text('connection', 2)).toBe('Connected');

    push([live(2, { availability: 0 }), live(1, { links: { cellular: { online: 1, total: 3 } } })]);
    expect(text('connection', 2)).toBe('Not connected');
    expect(text('connection', 1)).toBe('Connected');
    expect(text('links', 1)).toBe('1/3');
  });

  it('keeps to its status filter as devices change', async () => {
    const { push } = renderTable('notConnected');
    expect(screen.queryByTestId(TestId.devices.cell('name', 1))).toBeNull();
    push([live(1, { availability: 0 })]);
    // Rows join and leave the filtered list on the table's reorder beat, not on every batch.
    expect((await screen.findByTestId(TestId.devices.cell('name', 1), {}, { timeout: 3000 })).textContent).toBe(
      'device-1',
    );
    expect(screen.queryByTestId(TestId.devices.cell('name', 2))).toBeNull();
  });
});
