import { Button, Card, Elevation, H4, HTMLTable, Tag } from '@blueprintjs/core';
import { LINK_INTERFACE_KINDS, TestId, type Device, type DeviceLiveState } from '@halo/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import { DeviceLink } from '../../../components';
import { ShowOnHeatSight } from '../../heatsight';
import { buildDeviceRow, type DeviceRow } from '../devicesTableModel';
import { connectionColor } from './DevicesTable';
import { CONNECTION_LABEL_KEYS, LINK_KIND_LABEL_KEYS, LOCATION_LABEL_KEYS } from '../deviceLabels';

export interface DroneCommXPanelProps {
  readonly device: Device;
  /** The device's live state as it changes (the fleet store sends this one device only). */
  readonly live$: Observable<DeviceLiveState | null>;
  readonly onClose: () => void;
}

/** The side panel of a DroneCommX device: its live state, links per interface kind and location. */
export function DroneCommXPanel({ device, live$, onClose }: DroneCommXPanelProps) {
  const { t } = useTranslation();
  const [row, setRow] = useState<DeviceRow>(() => buildDeviceRow(device));

  useEffect(() => {
    const subscription = live$.subscribe((live) => setRow(buildDeviceRow(device, live)));
    return () => subscription.unsubscribe();
  }, [live$, device]);

  return (
    <Card elevation={Elevation.TWO} className="devices-panel" data-testid={TestId.devices.panel}>
      <div className="devices-panel-header">
        <H4>
          <DeviceLink id={row.id} name={row.name} />
        </H4>
        <Button
          variant="minimal"
          icon="cross"
          aria-label={t('devices.panel.close')}
          onClick={onClose}
          data-testid={TestId.devices.panelClose}
        />
      </div>
      <DroneCommXDetails row={row} />
    </Card>
  );
}

/**
 * What the DroneCommX panel shows of a device (its live state, links per interface kind and
 * location): in the Devices screen's side panel and on the device's page.
 */
export function DroneCommXDetails({
  row,
  besidePanels = false,
}: {
  readonly row: DeviceRow;
  /**
   * Shown on the device page, whose own panels tell the connection, the links and the location:
   * only what they do not (the GNSS lock), rather than all of it twice (issue 39, item 16).
   */
  readonly besidePanels?: boolean;
}) {
  const { t } = useTranslation();
  const links = row.live?.links;
  const location = row.location;
  const gnssLock = row.gnssLock === null ? '-' : t(row.gnssLock ? 'devices.gnss.locked' : 'devices.gnss.noLock');
  if (besidePanels)
    return (
      <dl className="devices-panel-facts">
        <dt>{t('devices.columns.gnss')}</dt>
        <dd data-testid={TestId.devices.cell('panelGnss', row.id)}>{gnssLock}</dd>
      </dl>
    );
  return (
    <>
      <p>
        <Tag minimal>DRONECOMMX</Tag> {row.pairingId}
      </p>
      <dl className="devices-panel-facts">
        <dt>{t('devices.columns.connection')}</dt>
        <dd
          style={{ color: connectionColor(row.connection) }}
          data-testid={TestId.devices.cell('panelConnection', row.id)}
        >
          {t(CONNECTION_LABEL_KEYS[row.connection])}
        </dd>
        <dt>{t('devices.columns.links')}</dt>
        <dd>{row.linksText}</dd>
        <dt>{t('devices.columns.gnss')}</dt>
        <dd>{gnssLock}</dd>
      </dl>
      <H4 className="devices-panel-section">{t('devices.panel.links')}</H4>
      <HTMLTable compact className="devices-panel-links">
        <tbody>
          {LINK_INTERFACE_KINDS.map((kind) => {
            const counts = links?.[kind];
            return (
              <tr key={kind} data-testid={TestId.devices.panelLinks(kind)}>
                <th>{t(LINK_KIND_LABEL_KEYS[kind])}</th>
                <td>{counts ? `${counts.online}/${counts.total}` : '-'}</td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      <H4 className="devices-panel-section">{t('devices.panel.location')}</H4>
      <div data-testid={TestId.devices.panelLocation}>
        {location && location.coordinate.length >= 2 ? (
          <>
            <dl className="devices-panel-facts">
              <dt>{t('devices.panel.latitude')}</dt>
              <dd>{location.coordinate[1]?.toFixed(5)}</dd>
              <dt>{t('devices.panel.longitude')}</dt>
              <dd>{location.coordinate[0]?.toFixed(5)}</dd>
              <dt>{t('devices.panel.altitude')}</dt>
              <dd>{location.altitude ?? '-'}</dd>
              <dt>{t('devices.panel.accuracy')}</dt>
              <dd>{location.accuracy}</dd>
              <dt>{t('devices.columns.location')}</dt>
              <dd>{t(LOCATION_LABEL_KEYS[row.locationStatus])}</dd>
            </dl>
            {location.coordinate[0] !== undefined && location.coordinate[1] !== undefined ? (
              <ShowOnHeatSight longitude={location.coordinate[0]} latitude={location.coordinate[1]} />
            ) : null}
          </>
        ) : (
          <p className="bp6-text-muted">{t('devices.location.unavailable')}</p>
        )}
      </div>
    </>
  );
}
