import '@blueprintjs/table/lib/css/table.css';
import { Button, Icon, Spinner, Tag, type Intent } from '@blueprintjs/core';
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
import { CrudEmptyState, RowButtonTooltips } from '../../../crud';
import {
  sameTableQuery,
  type DeviceSort,
  type DeviceSortColumn,
  type FleetRow,
  type FleetTable,
  type FleetTableQuery,
  type FleetTableWindow,
} from '../../../lib/fleet';
import { recordMeasure } from '../../../lib/measures';
import { canvasTextWidth, middleEllipsis, type TextWidth } from '../../../lib/text/middleEllipsis';
import { DEVICE_TYPE_NAMES } from '../devicesTableModel';
import { DEVICES_APPLY_LIVE_MEASURE, DEVICES_RENDER_MEASURE, type DevicesBatchDetail } from '../devicesTableMeasures';
import type { DeviceRecords } from '../deviceRecords';
import { CHIP_LABEL_KEYS } from '../deviceLabels';
import { WindowRows } from '../windowRows';
import { layoutColumns, type ColumnSize } from '../columnLayout';

const ROW_HEIGHT = 32;
/** Room kept for the table's own vertical scroll bar when columns stretch to its width. */
const SCROLLBAR_ALLOWANCE = 18;
/** Rows asked for around those on screen, so a short scroll needs no new window. */
const OVERSCAN_ROWS = 30;
/** The first window, before the table says what it shows. */
const FIRST_WINDOW_ROWS = 60;
const NO_SELECTION: never[] = [];

export interface DevicesTableProps {
  /** The live fleet's table (the fleet worker keeps its rows and order). */
  readonly table: FleetTable;
  readonly query: FleetTableQuery;
  readonly onSortChange: (sort: DeviceSort | null) => void;
  /** The devices' records, for the rows' buttons (a row shows its buttons once its record is here). */
  readonly records: DeviceRecords;
  /** The rows on screen, to fetch their records. */
  readonly onRowsShown: (rows: readonly FleetRow[]) => void;
  readonly renderActions: (device: Device) => ReactNode;
  readonly actionsLabel: string;
  /** Whether the feed has sent its first snapshot: before it, the table says it is waiting, not empty. */
  readonly live: boolean;
}

const CONNECTION_KEYS: Readonly<Record<ConnectionStatus, string>> = {
  [ConnectionStatus.CONNECTED]: 'devices.connection.connected',
  [ConnectionStatus.NOT_CONNECTED]: 'devices.connection.notConnected',
  [ConnectionStatus.NON_ACTIVATED]: 'devices.connection.nonActivated',
  [ConnectionStatus.UNKNOWN]: 'devices.connection.unknown',
};

const CHIP_INTENTS: Readonly<Record<FleetRow['chip'], Intent>> = {
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

interface ColumnSpec extends ColumnSize {
  readonly key: DeviceSortColumn | 'actions';
  readonly labelKey: string;
  readonly render: (row: FleetRow) => ReactNode;
}

/** Room a cell's text loses to the cell's padding (8 px a side) and its border. */
const CELL_TEXT_INSET = 18;
/** A cell's font (Blueprint's table cells: 12 px in the page's family). */
const cellFont = () =>
  `12px ${typeof document === 'undefined' ? 'sans-serif' : getComputedStyle(document.body).fontFamily}`;

/**
 * The text room of the identifier columns as laid out now, and how wide a text is: an
 * identifier's cell cuts its middle to fit (middleEllipsis), so two names that differ at
 * their end never look alike.
 */
const IdentifierRoom = createContext<{
  readonly room: Readonly<Partial<Record<'name' | 'pairingId', number>>>;
  readonly width: TextWidth | null;
}>({ room: {}, width: null });

/** An identifier's cell: the text cut in its middle to the column's room, the whole text the tooltip. */
function IdentifierText({
  column,
  text,
  testId,
}: {
  readonly column: 'name' | 'pairingId';
  readonly text: string;
  readonly testId: string;
}) {
  const { room, width } = use(IdentifierRoom);
  const columnRoom = room[column] ?? 0;
  const shown = useMemo(() => (width ? middleEllipsis(text, columnRoom, width) : text), [text, columnRoom, width]);
  return (
    <span className="devices-cell-text" data-testid={testId} title={text}>
      {shown}
    </span>
  );
}

/** A cell's text, cut with an ellipsis when it does not fit, its whole text the tooltip. */
function CellText({
  testId,
  text,
  style,
}: {
  readonly testId: string;
  readonly text: string;
  readonly style?: object;
}) {
  return (
    <span className="devices-cell-text" data-testid={testId} title={text} style={style}>
      {text}
    </span>
  );
}

/**
 * The per-row buttons reach the actions cells through context, not through the columns: the
 * screen hands a new `renderActions` whenever it re-renders (the feed going live, a dialog
 * opening), and rebuilding the columns then re-renders every cell, which can swallow a click
 * that lands in between. The records come the same way.
 */
const RowActions = createContext<{
  readonly render: (device: Device) => ReactNode;
  readonly records: DeviceRecords;
}>({ render: () => null, records: new Map() });

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

/** One cell: it follows its own row, so a live window re-renders only the cells of rows it changed. */
function WindowCell({
  rows,
  position,
  render,
}: {
  readonly rows: WindowRows;
  readonly position: number;
  readonly render: (row: FleetRow) => ReactNode;
}) {
  const subscribe = useCallback((listener: () => void) => rows.subscribe(position, listener), [rows, position]);
  const row = useSyncExternalStore(subscribe, () => rows.get(position));
  return row ? render(row) : null;
}

function ActionsCell({ id }: { readonly id: number }) {
  const { render, records } = use(RowActions);
  const device = records.get(id);
  return (
    <span className="devices-actions" ref={keepMouseDown} data-loading={device ? undefined : true}>
      {device ? render(device) : null}
    </span>
  );
}

/**
 * The devices as a virtualised Blueprint Table2 over the live fleet: the fleet worker keeps
 * every device's row, filters, searches and sorts them, and posts only the window of rows on
 * screen (and a few around it); scrolling asks for another window. The page's main thread
 * renders those rows and nothing else, however large the fleet.
 */
export function DevicesTable({
  table,
  query,
  onSortChange,
  records,
  onRowsShown,
  renderActions,
  actionsLabel,
  live,
}: DevicesTableProps) {
  const { t, i18n } = useTranslation();
  const direction = i18n.dir();
  const sort = query.sort;
  const [tableWidth, setTableWidth] = useState(0);
  // The table is not there while the fleet is awaited or empty: watch its width whenever it is.
  const tableRef = useCallback((element: HTMLDivElement | null) => {
    if (!element) return undefined;
    // Measured at once, so the first frame already has the columns of this width.
    setTableWidth(Math.floor(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => setTableWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const [rows] = useState(() => new WindowRows());
  const shownKey = useRef('');
  const rowActions = useMemo(() => ({ render: renderActions, records }), [renderActions, records]);
  /** What the table needs to re-render for: how many rows, how many devices, whether any window came. */
  const [shape, setShape] = useState<{
    size: number;
    total: number;
    version: number;
    query: FleetTableQuery;
  } | null>(null);

  useEffect(() => {
    table.setQuery(query);
  }, [table, query]);
  useEffect(() => {
    table.setWindow(0, FIRST_WINDOW_ROWS);
  }, [table]);

  // Each window the worker posts: the rows it changed on screen re-render; what that cost the
  // page is measured (taking it in, then React committing the cells).
  useEffect(() => {
    const subscription = table.window$.subscribe((window: FleetTableWindow) => {
      const started = performance.now();
      const changed = rows.set(window);
      const applied = performance.now();
      const detail: DevicesBatchDetail = { devices: changed, reset: false };
      recordMeasure(DEVICES_APPLY_LIVE_MEASURE, started, applied, detail);
      // React renders a store change synchronously in a microtask queued during set(), so this
      // later one runs once the changed cells are committed.
      queueMicrotask(() => recordMeasure(DEVICES_RENDER_MEASURE, applied, performance.now()));
      setShape((shape) =>
        shape?.size === window.size && shape.total === window.total && sameTableQuery(shape.query, window.query)
          ? shape
          : { size: window.size, total: window.total, version: window.version, query: window.query },
      );
      // The page hears of other rows on screen (their records to fetch), not of every live change:
      // a re-render of the whole table per delta cost frames of 50-90 ms.
      const shown = rows.shown();
      const key = shown.map((row) => `${row.id}:${row.name}`).join(',');
      if (key !== shownKey.current) {
        shownKey.current = key;
        onRowsShown(shown);
      }
    });
    return () => subscription.unsubscribe();
  }, [table, rows, onRowsShown]);

  const onVisibleCellsChange = (rows: { readonly rowIndexStart: number; readonly rowIndexEnd: number }) =>
    table.setWindow(Math.max(0, rows.rowIndexStart - OVERSCAN_ROWS), rows.rowIndexEnd + 1 + OVERSCAN_ROWS);

  const columns = useMemo(
    (): readonly ColumnSpec[] => [
      {
        key: 'name',
        labelKey: 'devices.columns.name',
        width: 160,
        minWidth: 136,
        render: (row) => <IdentifierText column="name" text={row.name} testId={TestId.devices.cell('name', row.id)} />,
      },
      {
        key: 'pairingId',
        labelKey: 'devices.columns.pairingId',
        width: 140,
        minWidth: 116,
        render: (row) => (
          <IdentifierText column="pairingId" text={row.pairingId} testId={TestId.devices.cell('pairingId', row.id)} />
        ),
      },
      {
        key: 'type',
        labelKey: 'devices.columns.type',
        width: 136,
        minWidth: 132,
        dropOrder: 7,
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
        minWidth: 80,
        dropOrder: 4,
        render: (row) => (
          <CellText
            testId={TestId.devices.cell('role', row.id)}
            text={t(row.role === DeviceRole.SERVER ? 'devices.role.server' : 'devices.role.client')}
          />
        ),
      },
      {
        key: 'connection',
        labelKey: 'devices.columns.connection',
        width: 140,
        minWidth: 116,
        render: (row) => (
          <CellText
            testId={TestId.devices.cell('connection', row.id)}
            style={{ color: connectionColor(row.connection) }}
            text={row.connection === ConnectionStatus.UNKNOWN ? '-' : t(CONNECTION_KEYS[row.connection])}
          />
        ),
      },
      {
        key: 'mainApp',
        labelKey: 'devices.columns.mainApp',
        width: 110,
        minWidth: 104,
        dropOrder: 5,
        render: (row) => (
          <CellText
            testId={TestId.devices.cell('mainApp', row.id)}
            style={{
              color:
                row.mainApp === MainAppStatus.ONLINE
                  ? THEME_COLORS.online
                  : row.mainApp === MainAppStatus.OFFLINE
                    ? THEME_COLORS.offline
                    : undefined,
            }}
            text={
              row.mainApp === null
                ? ''
                : t(
                    row.mainApp === MainAppStatus.ONLINE
                      ? 'devices.mainApp.online'
                      : row.mainApp === MainAppStatus.OFFLINE
                        ? 'devices.mainApp.offline'
                        : 'devices.mainApp.none',
                  )
            }
          />
        ),
      },
      {
        key: 'links',
        labelKey: 'devices.columns.links',
        width: 90,
        minWidth: 84,
        dropOrder: 6,
        render: (row) => <CellText testId={TestId.devices.cell('links', row.id)} text={row.linksText} />,
      },
      {
        key: 'location',
        labelKey: 'devices.columns.location',
        width: 120,
        minWidth: 116,
        dropOrder: 3,
        render: (row) => (
          <span className="devices-cell-text" data-testid={TestId.devices.cell('location', row.id)}>
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
        minWidth: 104,
        dropOrder: 1,
        render: (row) => (
          <CellText
            testId={TestId.devices.cell('gnss', row.id)}
            text={row.gnssLock === null ? '-' : t(row.gnssLock ? 'devices.gnss.locked' : 'devices.gnss.noLock')}
          />
        ),
      },
      {
        key: 'versions',
        labelKey: 'devices.columns.versions',
        width: 120,
        minWidth: 96,
        dropOrder: 2,
        render: (row) => <CellText testId={TestId.devices.cell('versions', row.id)} text={row.versions || '-'} />,
      },
      {
        key: 'actions',
        labelKey: 'crud.list.actions',
        width: 140,
        minWidth: 140,
        fixed: true,
        render: (row) => <ActionsCell id={row.id} />,
      },
    ],
    [t],
  );
  /**
   * The columns this width shows and their widths (a narrow table leaves some out rather than
   * cut every text). Blueprint's table places cells by absolute left offsets and does not
   * mirror them: in a right-to-left language the table itself stays left-to-right and its
   * columns come in reverse order, so the first column is on the right under its own header.
   */
  const { shownColumns, columnWidths } = useMemo(() => {
    const layout = layoutColumns(columns, Math.max(0, tableWidth - SCROLLBAR_ALLOWANCE));
    const shown = layout.shown.map((index) => columns[index] as ColumnSpec);
    const widths = [...layout.widths];
    return direction === 'rtl'
      ? { shownColumns: shown.reverse(), columnWidths: widths.reverse() }
      : { shownColumns: shown, columnWidths: widths };
  }, [columns, tableWidth, direction]);
  // A change of the columns' widths is drawn in full, every visible cell at once with the grid of
  // those widths (RenderMode.NONE), then the table goes back to drawing new rows in batches while
  // scrolling. Blueprint's batched mode keeps the cells it drew before a change of widths, at
  // their old offsets, and redraws 20 per idle frame: for about a second after the table was
  // measured, or whenever its width changed (a side panel, a dialog), text lay over the next
  // column. Scrolling changes no widths, so its batches only add cells where the grid says.
  // The table also builds its grid from new widths only after the render that brought them; the
  // widths among the renderer's dependencies make it render once more with that grid, in the
  // same commit, before the browser paints.
  // Batches resume from the next frame: by then the render with the new grid (within the commit
  // of the widths) is drawn, and a batch only keeps cells drawn with it.
  const [drawnWidths, setDrawnWidths] = useState(columnWidths);
  const layoutChanging = drawnWidths !== columnWidths;
  useEffect(() => {
    if (!layoutChanging) return undefined;
    const frame = requestAnimationFrame(() => setDrawnWidths(columnWidths));
    return () => cancelAnimationFrame(frame);
  }, [layoutChanging, columnWidths]);
  const [textWidth] = useState(() => canvasTextWidth(cellFont()));
  const identifierRoom = useMemo(() => {
    const roomOf = (key: 'name' | 'pairingId') => {
      const index = shownColumns.findIndex((column) => column.key === key);
      return index < 0 ? 0 : Math.max(0, (columnWidths[index] ?? 0) - CELL_TEXT_INSET);
    };
    return { room: { name: roomOf('name'), pairingId: roomOf('pairingId') }, width: textWidth };
  }, [shownColumns, columnWidths, textWidth]);

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
              title={name}
              ellipsizeText
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
        cellRenderer={(rowIndex) => (
          <Cell className="devices-cell" style={{ direction }}>
            <WindowCell rows={rows} position={rowIndex} render={column.render} />
          </Cell>
        )}
      />
    ));
  }, [shownColumns, sort, onSortChange, actionsLabel, t, rows, direction]);

  const size = shape?.size ?? 0;
  const total = shape?.total ?? 0;
  if (!live && total === 0) return <Spinner size={32} />;
  if (live && shape && total === 0)
    return (
      <CrudEmptyState
        resource="devices"
        icon="folder-open"
        title={t('devices.list.emptyTitle')}
        description={t('devices.list.emptyDescription')}
      />
    );
  if (live && shape && size === 0 && query.search.trim() !== '')
    return (
      <CrudEmptyState
        resource="devices"
        icon="search"
        title={t('crud.list.noMatchesTitle')}
        description={t('crud.list.noMatchesDescription', { text: query.search })}
      />
    );

  return (
    <div className="devices-table-wrapper">
      <div
        className="devices-table"
        dir="ltr"
        ref={tableRef}
        data-testid={TestId.crud.table('devices')}
        data-version={shape?.version ?? 0}
        data-settled={shape !== null && sameTableQuery(shape.query, query)}
        data-direction={direction}
      >
        <IdentifierRoom value={identifierRoom}>
          <RowActions value={rowActions}>
            <RowButtonTooltips.Provider value={false}>
              <Table2
                numRows={size}
                defaultRowHeight={ROW_HEIGHT}
                columnWidths={columnWidths}
                enableRowHeader={false}
                enableFocusedCell={false}
                enableMultipleSelection={false}
                selectionModes={NO_SELECTION}
                renderMode={layoutChanging ? RenderMode.NONE : RenderMode.BATCH_ON_UPDATE}
                cellRendererDependencies={[records, columnWidths]}
                onVisibleCellsChange={onVisibleCellsChange}
              >
                {columnElements}
              </Table2>
            </RowButtonTooltips.Provider>
          </RowActions>
        </IdentifierRoom>
      </div>
      <div className="devices-table-footer bp6-text-muted" data-testid={TestId.devices.visibleCount}>
        {t('devices.list.visibleCount', { count: size, total })}
      </div>
    </div>
  );
}
