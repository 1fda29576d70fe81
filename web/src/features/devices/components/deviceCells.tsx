import { ConnectionStatus, TestId, type Device } from '@halo/shared';
import { createContext, use, useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { DeviceLink } from '../../../components';
import type { FleetRow } from '../../../lib/fleet';
import { middleEllipsis, type TextWidth } from '../../../lib/text/middleEllipsis';
import type { DeviceRecords } from '../deviceRecords';
import type { WindowRows } from '../windowRows';
import type { TableRow } from './deviceColumns';
import { STATUS_TEXT_COLORS } from '../../../lib/theme';

/** The Devices table's cells: how each shows its text, follows its row and holds its buttons. */

export function connectionColor(status: ConnectionStatus): string | undefined {
  if (status === ConnectionStatus.CONNECTED) return STATUS_TEXT_COLORS.online;
  if (status === ConnectionStatus.NOT_CONNECTED) return STATUS_TEXT_COLORS.offline;
  return undefined;
}

/** Room a cell's text loses to the cell's padding (8 px a side) and its border. */
export const CELL_TEXT_INSET = 18;
/** A cell's font (Blueprint's table cells: 12 px in the page's family). */
export const cellFont = () =>
  `12px ${typeof document === 'undefined' ? 'sans-serif' : getComputedStyle(document.body).fontFamily}`;

/**
 * The text room of the identifier columns as laid out now, and how wide a text is: an
 * identifier's cell cuts its middle to fit (middleEllipsis), so two names that differ at
 * their end never look alike.
 */
export const IdentifierRoom = createContext<{
  readonly room: Readonly<Partial<Record<'name' | 'pairingId', number>>>;
  readonly width: TextWidth | null;
}>({ room: {}, width: null });

/** An identifier's cell: the text cut in its middle to the column's room, the whole text the tooltip. */
export function IdentifierText({
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

/**
 * The name cell: the device's name, cut in its middle to the column, a link to the device's
 * page (which comes back to this table's address). Its mousedown stays its own, as the buttons'.
 */
export function DeviceNameCell({ row }: { readonly row: Pick<FleetRow, 'id' | 'name' | 'isEnabled'> }) {
  return (
    <span
      className={row.isEnabled ? 'devices-name-cell' : 'devices-name-cell devices-name-disabled'}
      ref={keepMouseDown}
    >
      <DeviceLink id={row.id} name={row.name}>
        <IdentifierText column="name" text={row.name} testId={TestId.devices.cell('name', row.id)} />
      </DeviceLink>
    </span>
  );
}

/** A cell's text, cut with an ellipsis when it does not fit, its whole text the tooltip. */
export function CellText({
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
export const RowActions = createContext<{
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
export function WindowCell({
  rows,
  position,
  render,
}: {
  readonly rows: WindowRows;
  readonly position: number;
  readonly render: (row: TableRow, position: number) => ReactNode;
}) {
  const subscribe = useCallback((listener: () => void) => rows.subscribe(position, listener), [rows, position]);
  const row = useSyncExternalStore(subscribe, () => rows.get(position));
  return row ? render(row, position) : null;
}

export function ActionsCell({ id }: { readonly id: number }) {
  const { render, records } = use(RowActions);
  const device = records.get(id);
  return (
    <span className="devices-actions" ref={keepMouseDown} data-loading={device ? undefined : true}>
      {device ? render(device) : null}
    </span>
  );
}
