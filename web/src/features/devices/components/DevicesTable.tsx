import '@blueprintjs/table/lib/css/table.css';
import { Button, Icon, Tag, type Intent } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, RenderMode, Table2 } from '@blueprintjs/table';
import {
  ConnectionStatus,
  DeviceRole,
  LocationStatus,
  MainAppStatus,
  TestId,
  THEME_COLORS,
  type Device,
} from '@halo/shared';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import { RowButtonTooltips } from '../../../crud';
import type { FleetBatch } from '../../../lib/fleet';
import {
  DEVICE_TYPE_NAMES,
  DevicesTableModel,
  type DeviceRow,
  type DeviceSort,
  type DeviceSortColumn,
  type DeviceStatusFilter,
} from '../devicesTableModel';
import { DEVICES_APPLY_LIVE_MEASURE, DEVICES_RENDER_MEASURE, type DevicesBatchDetail } from '../devicesTableMeasures';
import { recordMeasure } from '../../../lib/measures';
import { CHIP_LABEL_KEYS } from '../deviceLabels';

/** How often at most a live change may re-filter or re-sort the rows (cells update every frame). */
const REORDER_INTERVAL_MS = 1000;
const ROW_HEIGHT = 32;
/** Room kept for the table's own vertical scroll bar when columns stretch to its width. */
const SCROLLBAR_ALLOWANCE = 18;
const NO_SELECTION: never[] = [];

export interface DevicesTableProps {
  readonly devices: readonly Device[];
  readonly batch$: Observable<FleetBatch>;
  readonly status: DeviceStatusFilter;
  readonly sort: DeviceSort | null;
  readonly onSortChange: (sort: DeviceSort | null) => void;
  readonly renderActions: (device: Device) => ReactNode;
  readonly actionsLabel: string;
}

const CONNECTION_KEYS: Readonly<Record<ConnectionStatus, string>> = {
  [ConnectionStatus.CONNECTED]: 'devices.connection.connected',
  [ConnectionStatus.NOT_CONNECTED]: 'devices.connection.notConnected',
  [ConnectionStatus.NON_ACTIVATED]: 'devices.connection.nonActivated',
  [ConnectionStatus.UNKNOWN]: 'devices.connection.unknown',
};

const CHIP_INTENTS: Readonly<Record<DeviceRow['chip'], Intent>> = {
  connected: 'success',
  notConnected: 'danger',
  alert: 'warning',
  notActivated: 'none',
};

export function connectionColor(status: ConnectionStatus): string | undefined {
  if (status === ConnectionStatus.CONNECTED) return THEME_COLORS.online;
  if (status === ConnectionStatus.NOT_CONNECTED) return THEME_COLORS.offline;
  return undefined;
}

interface ColumnSpec {
  readonly key: DeviceSortColumn | 'actions';
  readonly labelKey: string;
  readonly width: number;
  /** Keeps its width when the table is narrow (fitColumnWidths). */
  readonly fixed?: boolean;
  readonly render: (row: DeviceRow) => ReactNode;
}

/** Columns shrink (their text truncates) down to this share of their width before the table scrolls. */
const MIN_COLUMN_SCALE = 0.5;
const MIN_COLUMN_WIDTH = 56;

/**
 * The columns' widths for a table this wide: on a wide screen the room left over is shared in
 * proportion (no dead space); on a narrow one (a side panel open) the columns shrink, down to
 * half their width, before the table scrolls. A `fixed` column (the actions) keeps its width,
 * so its buttons stay whole.
 */
export function fitColumnWidths(
  columns: readonly { readonly width: number; readonly fixed?: boolean }[],
  tableWidth: number,
): number[] {
  const fixed = columns.reduce((sum, column) => sum + (column.fixed ? column.width : 0), 0);
  const scalable = columns.reduce((sum, column) => sum + (column.fixed ? 0 : column.width), 0);
  if (tableWidth <= 0 || scalable === 0) return columns.map((column) => column.width);
  const scale = Math.max(MIN_COLUMN_SCALE, (tableWidth - fixed) / scalable);
  const widths = columns.map((column) =>
    column.fixed ? column.width : Math.max(MIN_COLUMN_WIDTH, Math.floor(column.width * scale)),
  );
  const rest = tableWidth - widths.reduce((sum, width) => sum + width, 0);
  const last = columns.findLastIndex((column) => !column.fixed);
  if (rest > 0 && last >= 0) widths[last] = (widths[last] ?? 0) + rest;
  return widths;
}

/**
 * One cell's content. It follows its own row, so a live batch re-renders only the cells of the
 * rows it changed that are on screen, never the whole table.
 */
function DeviceCell({
  model,
  id,
  render,
}: {
  readonly model: DevicesTableModel;
  readonly id: number;
  readonly render: (row: DeviceRow) => ReactNode;
}) {
  const subscribe = useCallback((listener: () => void) => model.subscribeRow(id, listener), [model, id]);
  const row = useSyncExternalStore(subscribe, () => model.row(id));
  return row ? render(row) : null;
}

/**
 * The devices as a virtualised Blueprint Table2: only the visible cells exist, rows come from
 * a DevicesTableModel that live batches patch in place. The table re-renders when the order
 * changes; a live batch re-renders only the on-screen cells of the rows it changed, once per
 * animation frame whatever the number of deltas.
 */
/**
 * The per-row buttons reach the actions cells through context, not through the columns: the
 * screen hands a new `renderActions` whenever it re-renders (the feed going live, a dialog
 * opening), and rebuilding the columns then re-renders every cell, which can swallow a click
 * that lands in between.
 */
const RowActions = createContext<(device: Device) => ReactNode>(() => null);

/**
 * Blueprint's table starts a drag selection on mousedown and re-renders its cells; a button
 * re-rendered between mousedown and mouseup never gets its click (the first click on a fresh
 * table was lost). The actions keep their mousedown to themselves, with a native listener so
 * it stops before the table's own.
 */
const keepMouseDown = (element: HTMLSpanElement | null) => {
  if (!element) return undefined;
  const stop = (event: MouseEvent) => event.stopPropagation();
  element.addEventListener('mousedown', stop);
  return () => element.removeEventListener('mousedown', stop);
};

function ActionsCell({ device }: { readonly device: Device }) {
  return (
    <span className="devices-actions" ref={keepMouseDown}>
      {use(RowActions)(device)}
    </span>
  );
}

export function DevicesTable({
  devices,
  batch$,
  status,
  sort,
  onSortChange,
  renderActions,
  actionsLabel,
}: DevicesTableProps) {
  const { t, i18n } = useTranslation();
  const direction = i18n.dir();
  const [model] = useState(() => new DevicesTableModel());
  const [tableWidth, setTableWidth] = useState(0);
  const tableRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const element = tableRef.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(([entry]) => setTableWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const version = useSyncExternalStore(model.subscribe, model.getVersion);
  const reorderTimer = useRef<number | null>(null);

  useEffect(() => model.setDevices(devices), [model, devices]);
  useEffect(() => model.setQuery({ status, sort }), [model, status, sort]);

  useEffect(() => {
    const subscription = batch$.subscribe((batch) => {
      const started = performance.now();
      const orderStale = model.applyLive(batch);
      if (orderStale && reorderTimer.current === null) {
        reorderTimer.current = window.setTimeout(() => {
          reorderTimer.current = null;
          model.refreshOrder();
        }, REORDER_INTERVAL_MS);
      }
      const applied = performance.now();
      const detail: DevicesBatchDetail = { devices: batch.changed.length + batch.removed.length, reset: batch.reset };
      recordMeasure(DEVICES_APPLY_LIVE_MEASURE, started, applied, detail);
      // React renders a store change synchronously in a microtask queued during applyLive, so
      // this later one runs once the patched cells are committed.
      queueMicrotask(() => recordMeasure(DEVICES_RENDER_MEASURE, applied, performance.now()));
    });
    return () => {
      subscription.unsubscribe();
      if (reorderTimer.current !== null) window.clearTimeout(reorderTimer.current);
      reorderTimer.current = null;
    };
  }, [model, batch$]);

  const columns = useMemo(
    (): readonly ColumnSpec[] => [
      {
        key: 'name',
        labelKey: 'devices.columns.name',
        width: 160,
        render: (row) => <span data-testid={TestId.devices.cell('name', row.id)}>{row.name}</span>,
      },
      {
        key: 'pairingId',
        labelKey: 'devices.columns.pairingId',
        width: 140,
        render: (row) => <span data-testid={TestId.devices.cell('pairingId', row.id)}>{row.pairingId}</span>,
      },
      {
        key: 'type',
        labelKey: 'devices.columns.type',
        width: 130,
        render: (row) => (
          <Tag
            minimal
            round
            intent={CHIP_INTENTS[row.chip]}
            title={t(CHIP_LABEL_KEYS[row.chip])}
            data-testid={TestId.devices.cell('type', row.id)}
            data-chip={row.chip}
          >
            {DEVICE_TYPE_NAMES[row.type] ?? String(row.type)}
          </Tag>
        ),
      },
      {
        key: 'role',
        labelKey: 'devices.columns.role',
        width: 80,
        render: (row) => (
          <span data-testid={TestId.devices.cell('role', row.id)}>
            {t(row.role === DeviceRole.SERVER ? 'devices.role.server' : 'devices.role.client')}
          </span>
        ),
      },
      {
        key: 'connection',
        labelKey: 'devices.columns.connection',
        width: 140,
        render: (row) => (
          <span
            data-testid={TestId.devices.cell('connection', row.id)}
            style={{ color: connectionColor(row.connection) }}
          >
            {row.connection === ConnectionStatus.UNKNOWN ? '-' : t(CONNECTION_KEYS[row.connection])}
          </span>
        ),
      },
      {
        key: 'mainApp',
        labelKey: 'devices.columns.mainApp',
        width: 110,
        render: (row) => (
          <span
            data-testid={TestId.devices.cell('mainApp', row.id)}
            style={{
              color:
                row.mainApp === MainAppStatus.ONLINE
                  ? THEME_COLORS.online
                  : row.mainApp === MainAppStatus.OFFLINE
                    ? THEME_COLORS.offline
                    : undefined,
            }}
          >
            {row.mainApp === null
              ? ''
              : t(
                  row.mainApp === MainAppStatus.ONLINE
                    ? 'devices.mainApp.online'
                    : row.mainApp === MainAppStatus.OFFLINE
                      ? 'devices.mainApp.offline'
                      : 'devices.mainApp.none',
                )}
          </span>
        ),
      },
      {
        key: 'links',
        labelKey: 'devices.columns.links',
        width: 90,
        render: (row) => <span data-testid={TestId.devices.cell('links', row.id)}>{row.linksText}</span>,
      },
      {
        key: 'location',
        labelKey: 'devices.columns.location',
        width: 110,
        render: (row) => (
          <span data-testid={TestId.devices.cell('location', row.id)}>
            <Icon
              icon="map-marker"
              size={12}
              color={row.locationStatus === LocationStatus.ONLINE ? THEME_COLORS.online : undefined}
            />{' '}
            {t(
              row.locationStatus === LocationStatus.ONLINE
                ? 'devices.location.online'
                : row.locationStatus === LocationStatus.OFFLINE
                  ? 'devices.location.offline'
                  : 'devices.location.unavailable',
            )}
          </span>
        ),
      },
      {
        key: 'gnss',
        labelKey: 'devices.columns.gnss',
        width: 120,
        render: (row) => (
          <span data-testid={TestId.devices.cell('gnss', row.id)}>
            {row.gnssLock === null ? '-' : t(row.gnssLock ? 'devices.gnss.locked' : 'devices.gnss.noLock')}
          </span>
        ),
      },
      {
        key: 'versions',
        labelKey: 'devices.columns.versions',
        width: 120,
        render: (row) => <span data-testid={TestId.devices.cell('versions', row.id)}>{row.versions || '-'}</span>,
      },
      {
        key: 'actions',
        labelKey: 'crud.list.actions',
        width: 140,
        fixed: true,
        render: (row) => <ActionsCell device={row.device} />,
      },
    ],
    [t],
  );
  /**
   * Blueprint's table places cells by absolute left offsets and does not mirror them: in a
   * right-to-left language the table itself stays left-to-right and its columns come in
   * reverse order, so the first column is on the right with its own header above it.
   */
  const shownColumns = useMemo(() => (direction === 'rtl' ? [...columns].reverse() : columns), [columns, direction]);
  const columnWidths = useMemo(
    () => fitColumnWidths(shownColumns, Math.max(0, tableWidth - SCROLLBAR_ALLOWANCE)),
    [shownColumns, tableWidth],
  );

  const columnElements = useMemo(() => {
    const toggleSort = (column: DeviceSortColumn) => {
      if (sort?.column !== column) onSortChange({ column, direction: 'asc' });
      else if (sort.direction === 'asc') onSortChange({ column, direction: 'desc' });
      else onSortChange(null);
    };
    const renderHeader = (column: ColumnSpec) => () => (
      <ColumnHeaderCell
        name={column.key === 'actions' ? actionsLabel : t(column.labelKey)}
        nameRenderer={(name) =>
          column.key === 'actions' ? (
            <span dir={direction}>{name}</span>
          ) : (
            <Button
              variant="minimal"
              size="small"
              className="devices-sort"
              text={name}
              endIcon={
                sort?.column === column.key
                  ? sort.direction === 'asc'
                    ? 'chevron-up'
                    : 'chevron-down'
                  : 'double-caret-vertical'
              }
              onClick={() => toggleSort(column.key as DeviceSortColumn)}
              dir={direction}
              data-testid={TestId.crud.sort('devices', column.key)}
            />
          )
        }
      />
    );
    return shownColumns.map((column) => (
      <Column
        key={column.key}
        id={column.key}
        columnHeaderCellRenderer={renderHeader(column)}
        cellRenderer={(rowIndex) => {
          const id = model.idAt(rowIndex);
          return (
            <Cell className="devices-cell" style={{ direction }}>
              {id === undefined ? null : <DeviceCell model={model} id={id} render={column.render} />}
            </Cell>
          );
        }}
      />
    ));
  }, [shownColumns, sort, onSortChange, actionsLabel, t, model, direction]);

  return (
    <div className="devices-table-wrapper">
      <div
        className="devices-table"
        dir="ltr"
        ref={tableRef}
        data-testid={TestId.crud.table('devices')}
        data-version={version}
        data-direction={direction}
      >
        <RowActions value={renderActions}>
          <RowButtonTooltips.Provider value={false}>
            <Table2
              numRows={model.size}
              defaultRowHeight={ROW_HEIGHT}
              columnWidths={columnWidths}
              enableRowHeader={false}
              enableFocusedCell={false}
              enableMultipleSelection={false}
              selectionModes={NO_SELECTION}
              renderMode={RenderMode.BATCH_ON_UPDATE}
              cellRendererDependencies={[version]}
            >
              {columnElements}
            </Table2>
          </RowButtonTooltips.Provider>
        </RowActions>
      </div>
      <div className="devices-table-footer bp6-text-muted" data-testid={TestId.devices.visibleCount}>
        {t('devices.list.visibleCount', { count: model.size, total: model.total })}
      </div>
    </div>
  );
}
