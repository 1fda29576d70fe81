import '@blueprintjs/table/lib/css/table.css';
import { Button, Spinner } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, RenderMode, Table2 } from '@blueprintjs/table';
import { TestId, type Device } from '@halo/shared';
import { useCallback, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudEmptyState, RowButtonTooltips } from '../../../crud';
import {
  sameTableQuery,
  type DeviceSort,
  type DeviceSortColumn,
  type FleetRow,
  type FleetSelectionChange,
  type FleetSelectionSummary,
  type FleetTable,
  type FleetTableQuery,
} from '../../../lib/fleet';
import type { DeviceRecords } from '../deviceRecords';
import { IdentifierRoom, RowActions, WindowCell } from './deviceCells';
import { deviceColumns, type ColumnSpec } from './deviceColumns';
import { SelectionBar } from './SelectionBar';
import { onSelectionKeyDown, RowSelection, selectColumn, VisibleRowsCheckbox } from './SelectionCells';
import { useColumnWidths } from './useColumnWidths';
import { useScrollMemory } from './scrollMemory';
import { useFleetWindow } from './useFleetWindow';

/** Kept here for the panels that colour a connection like the table does. */
export { connectionColor } from './deviceCells';

const ROW_HEIGHT = 32;
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
  /** Rows can be checked (a checkbox column, the selection bar): the user may act on devices in bulk. */
  readonly selectable?: boolean;
  /** What the selection bar offers to do with the checked rows. */
  readonly renderSelectionActions?: (selection: FleetSelectionSummary) => ReactNode;
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
  selectable = false,
  renderSelectionActions,
}: DevicesTableProps) {
  const { t, i18n } = useTranslation();
  const direction = i18n.dir();
  const sort = query.sort;
  const rowActions = useMemo(() => ({ render: renderActions, records }), [renderActions, records]);
  const { rows, shape, onVisibleCellsChange } = useFleetWindow(table, query, onRowsShown);
  const columns = useMemo(
    () => (selectable ? [selectColumn(), ...deviceColumns(t)] : deviceColumns(t)),
    [t, selectable],
  );
  const { tableRef, shownColumns, columnWidths, layoutChanging, identifierRoom } = useColumnWidths(columns, direction);
  const select = useCallback((change: FleetSelectionChange) => table.select(change), [table]);
  const selection = useSyncExternalStore(
    useCallback((listener: () => void) => rows.subscribeAll(listener), [rows]),
    () => rows.selection,
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
          column.key === 'select' ? (
            <VisibleRowsCheckbox rows={rows} />
          ) : column.key === 'actions' ? (
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
  const wrapper = useRef<HTMLDivElement>(null);
  const onScrollCapture = useScrollMemory(wrapper, size * ROW_HEIGHT);
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
    <div className="devices-table-wrapper" ref={wrapper} onScrollCapture={onScrollCapture}>
      {selectable && selection.count > 0 && (
        <SelectionBar
          selection={selection}
          size={size}
          onSelectMatching={() => select({ kind: 'matching' })}
          onClear={() => select({ kind: 'clear' })}
        >
          {renderSelectionActions?.(selection)}
        </SelectionBar>
      )}
      <div
        className="devices-table"
        dir="ltr"
        ref={tableRef}
        onKeyDown={(event) => {
          if (selectable) onSelectionKeyDown(event, () => select({ kind: 'clear' }));
        }}
        data-testid={TestId.crud.table('devices')}
        data-version={shape?.version ?? 0}
        data-settled={shape !== null && sameTableQuery(shape.query, query)}
        data-direction={direction}
      >
        <IdentifierRoom value={identifierRoom}>
          <RowActions value={rowActions}>
            <RowSelection value={select}>
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
            </RowSelection>
          </RowActions>
        </IdentifierRoom>
      </div>
      <div className="devices-table-footer bp6-text-muted" data-testid={TestId.devices.visibleCount}>
        {t('devices.list.visibleCount', { count: size, total })}
      </div>
    </div>
  );
}
