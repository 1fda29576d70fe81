import { Icon, Tag, type Intent } from '@blueprintjs/core';
import { LocationStatus, MainAppStatus, TestId } from '@halo/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import {
  DEVICE_SORT_COLUMNS,
  FILE_ONLY_COLUMNS,
  fleetCellText,
  type FileOnlyColumn,
  type DeviceSortColumn,
  type FleetExportColumn,
  type FleetRow,
} from '../../../lib/fleet';
import type { ColumnSize } from '../columnLayout';
import { CHIP_LABEL_KEYS, deviceCellTexts } from '../deviceLabels';
import { ActionsCell, CellText, connectionColor, DeviceNameCell, IdentifierText } from './deviceCells';
import { STATUS_TEXT_COLORS } from '../../../lib/theme';

/** The intent of each chip of spec section 4, wherever a device's status shows. */
export const CHIP_INTENTS: Readonly<Record<FleetRow['chip'], Intent>> = {
  connected: 'success',
  notConnected: 'danger',
  alert: 'warning',
  notActivated: 'none',
};

/** A row as the table holds it: the fleet's row and whether it is checked. */
export type TableRow = FleetRow & { readonly selected: boolean };

export interface ColumnSpec extends ColumnSize {
  /** A column of the fleet's rows, the row buttons, or the checkboxes. */
  readonly key: DeviceSortColumn | 'actions' | 'select';
  readonly labelKey: string;
  /** A cell of the row at `position` in the table. */
  readonly render: (row: TableRow, position: number) => ReactNode;
}

/**
 * The Devices table's columns in their order: each one's header, its widths (the least it can
 * take, and in which order a narrow table leaves it out: dropOrder 1 first) and its cell.
 */
export function deviceColumns(t: TFunction): readonly ColumnSpec[] {
  // What each cell says (the CSV export says the same, fleetExport.ts).
  const texts = deviceCellTexts(t);
  const text = (row: FleetRow, column: DeviceSortColumn) => fleetCellText(row, column, texts);
  return [
    {
      key: 'name',
      labelKey: 'devices.columns.name',
      width: 160,
      minWidth: 136,
      render: (row) => <DeviceNameCell row={row} />,
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
          {text(row, 'type')}
        </Tag>
      ),
    },
    {
      key: 'role',
      labelKey: 'devices.columns.role',
      width: 80,
      minWidth: 80,
      dropOrder: 4,
      render: (row) => <CellText testId={TestId.devices.cell('role', row.id)} text={text(row, 'role')} />,
    },
    {
      // A disabled device says so, marked; an enabled one quietly (its name is dimmed when disabled too).
      key: 'enabled',
      labelKey: 'devices.columns.enabled',
      // "Disabled" whole in its tag, with its icon.
      width: 116,
      minWidth: 108,
      dropOrder: 8,
      render: (row) =>
        row.isEnabled ? (
          <CellText testId={TestId.devices.cell('enabled', row.id)} text={text(row, 'enabled')} />
        ) : (
          <Tag
            minimal
            intent="warning"
            icon="disable"
            title={text(row, 'enabled')}
            data-testid={TestId.devices.cell('enabled', row.id)}
            data-enabled="false"
          >
            {text(row, 'enabled')}
          </Tag>
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
          text={text(row, 'connection')}
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
                ? STATUS_TEXT_COLORS.online
                : row.mainApp === MainAppStatus.OFFLINE
                  ? STATUS_TEXT_COLORS.offline
                  : undefined,
          }}
          text={text(row, 'mainApp')}
        />
      ),
    },
    {
      key: 'links',
      labelKey: 'devices.columns.links',
      width: 90,
      minWidth: 84,
      dropOrder: 6,
      render: (row) => <CellText testId={TestId.devices.cell('links', row.id)} text={text(row, 'links')} />,
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
            color={row.locationStatus === LocationStatus.ONLINE ? STATUS_TEXT_COLORS.online : undefined}
          />{' '}
          {text(row, 'location')}
        </span>
      ),
    },
    {
      key: 'gnss',
      labelKey: 'devices.columns.gnss',
      width: 120,
      minWidth: 104,
      dropOrder: 1,
      render: (row) => <CellText testId={TestId.devices.cell('gnss', row.id)} text={text(row, 'gnss')} />,
    },
    {
      key: 'versions',
      labelKey: 'devices.columns.versions',
      width: 120,
      minWidth: 96,
      dropOrder: 2,
      render: (row) => <CellText testId={TestId.devices.cell('versions', row.id)} text={text(row, 'versions')} />,
    },
    {
      key: 'actions',
      labelKey: 'crud.list.actions',
      width: 140,
      minWidth: 140,
      fixed: true,
      render: (row) => <ActionsCell id={row.id} />,
    },
  ];
}

const isDataColumn = (key: string): key is DeviceSortColumn => (DEVICE_SORT_COLUMNS as readonly string[]).includes(key);

/** The headers of the columns only a file has. */
const FILE_ONLY_LABEL_KEYS: Readonly<Record<FileOnlyColumn, string>> = {
  groups: 'devices.columns.groups',
  latitude: 'devices.columns.latitude',
  longitude: 'devices.columns.longitude',
};

/**
 * The columns a CSV export writes: every data column of the table in its order, labelled as its
 * header, whatever the window's width leaves on screen (a file is read elsewhere, whole), then
 * the device's groups (for a user who may see groups) and its coordinates.
 */
export function deviceExportColumns(t: TFunction, options: { readonly groups: boolean }): FleetExportColumn[] {
  const tableColumns = deviceColumns(t).flatMap((column) =>
    isDataColumn(column.key) ? [{ key: column.key, label: t(column.labelKey) }] : [],
  );
  const fileColumns = FILE_ONLY_COLUMNS.filter((key) => key !== 'groups' || options.groups).map((key) => ({
    key,
    label: t(FILE_ONLY_LABEL_KEYS[key]),
  }));
  return [...tableColumns, ...fileColumns];
}
