import { Icon, Tag, type Intent } from '@blueprintjs/core';
import { ConnectionStatus, DeviceRole, LocationStatus, MainAppStatus, TestId, THEME_COLORS } from '@halo/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { DeviceSortColumn, FleetRow } from '../../../lib/fleet';
import type { ColumnSize } from '../columnLayout';
import { CHIP_LABEL_KEYS } from '../deviceLabels';
import { DEVICE_TYPE_NAMES } from '../devicesTableModel';
import { ActionsCell, CellText, connectionColor, IdentifierText } from './deviceCells';

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

export interface ColumnSpec extends ColumnSize {
  readonly key: DeviceSortColumn | 'actions';
  readonly labelKey: string;
  readonly render: (row: FleetRow) => ReactNode;
}

/**
 * The Devices table's columns in their order: each one's header, its widths (the least it can
 * take, and in which order a narrow table leaves it out: dropOrder 1 first) and its cell.
 */
export function deviceColumns(t: TFunction): readonly ColumnSpec[] {
  return [
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
  ];
}
