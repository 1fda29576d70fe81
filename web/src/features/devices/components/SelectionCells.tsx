import { Checkbox } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { createContext, use, useCallback, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetSelectionChange } from '../../../lib/fleet';
import type { WindowRows } from '../windowRows';
import type { ColumnSpec, TableRow } from './deviceColumns';

/**
 * What the checkboxes change: the selection the fleet worker keeps by device id. It reaches the
 * cells through context, as the row buttons do, so the columns stay put while it changes.
 */
export const RowSelection = createContext<(change: FleetSelectionChange) => void>(() => undefined);

/** The attribute a row's checkbox carries its position in (written out below): the arrow keys move between them. */
const POSITION_ATTRIBUTE = 'data-select-position';

/** A shift-click (or shift+Space) asks for the range from the row clicked last. */
const withShift = (event: { readonly nativeEvent: Event }) =>
  (event.nativeEvent as Partial<MouseEvent>).shiftKey === true;

/**
 * A checkbox keeps its mousedown from the table, which would start a drag selection and draw
 * its cells again under the click (deviceCells.tsx says more), with a native listener so it
 * stops before the table's own; a shift-click selects no text either.
 */
const keepMouseDown = (element: HTMLSpanElement | null) => {
  if (!element) return undefined;
  const stop = (event: MouseEvent) => {
    event.stopPropagation();
    if (event.shiftKey) event.preventDefault();
  };
  element.addEventListener('mousedown', stop);
  return () => element.removeEventListener('mousedown', stop);
};

function RowCheckbox({ row, position }: { readonly row: TableRow; readonly position: number }) {
  const { t } = useTranslation();
  const select = use(RowSelection);
  return (
    <span className="devices-select" ref={keepMouseDown}>
      <Checkbox
        className="devices-select-box"
        checked={row.selected}
        aria-label={t('devices.bulk.selectRow', { name: row.name })}
        onChange={(event) => select({ kind: 'toggle', id: row.id, range: withShift(event) })}
        data-select-position={position}
        data-testid={TestId.devicesBulk.rowCheckbox(row.id)}
      />
    </span>
  );
}

/** The checkbox column: first in reading order, as wide as its box, never dropped. */
export function selectColumn(): ColumnSpec {
  return {
    key: 'select',
    labelKey: 'devices.bulk.selectVisible',
    width: 36,
    minWidth: 36,
    fixed: true,
    render: (row, position) => <RowCheckbox row={row} position={position} />,
  };
}

/**
 * The header's checkbox: checks the rows on screen, or unchecks them once all are checked;
 * half-checked when some are.
 */
export function VisibleRowsCheckbox({ rows }: { readonly rows: WindowRows }) {
  const { t } = useTranslation();
  const select = use(RowSelection);
  const subscribe = useCallback((listener: () => void) => rows.subscribeAll(listener), [rows]);
  // A string snapshot: stable while nothing it says changed.
  const state = useSyncExternalStore(subscribe, () => {
    const visible = rows.visibleRows();
    const checked = visible.filter((row) => row.selected).length;
    return checked === 0 ? 'none' : checked === visible.length ? 'all' : 'some';
  });
  return (
    <span className="devices-select" ref={keepMouseDown}>
      <Checkbox
        className="devices-select-box"
        checked={state === 'all'}
        indeterminate={state === 'some'}
        aria-label={t('devices.bulk.selectVisible')}
        onChange={() =>
          select({ kind: 'set', ids: rows.visibleRows().map((row) => row.id), selected: state !== 'all' })
        }
        data-testid={TestId.devicesBulk.visibleCheckbox}
      />
    </span>
  );
}

/**
 * The table's keys: Escape clears the selection; the up and down arrows move from a row's
 * checkbox to the next one on screen (Space then toggles it, shift+Space takes the range).
 */
export function onSelectionKeyDown(event: KeyboardEvent<HTMLElement>, clear: () => void): void {
  if (event.key === 'Escape') {
    clear();
    return;
  }
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const target = event.target as HTMLElement;
  const position = Number(target.getAttribute(POSITION_ATTRIBUTE));
  if (!target.hasAttribute(POSITION_ATTRIBUTE) || !Number.isInteger(position)) return;
  const next = position + (event.key === 'ArrowDown' ? 1 : -1);
  const box = event.currentTarget.querySelector<HTMLElement>(`[${POSITION_ATTRIBUTE}="${next}"]`);
  if (box) {
    event.preventDefault();
    box.focus();
  }
}
