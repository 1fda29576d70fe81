import { lazy, Suspense } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { GeoLocation, LocationStatus, TrackPoint } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { LOCATION_LABEL_KEYS } from '../../devices';
import { ShowOnHeatSight } from '../../heatsight';
import { Panel } from './DevicePanels';

/** deck.gl and the world's shapes: loaded with the first map, not with the page. */
const DeviceTrackMap = lazy(() => import('./DeviceTrackMap'));

export interface LocationPanelProps {
  readonly location: GeoLocation | null;
  readonly status: LocationStatus;
  /** The track over the window; null while it loads or when it could not be read. */
  readonly track: readonly TrackPoint[] | null;
}

/** Where the device is (its latest fix, live) and where it went in the window, on a small map. */
export function LocationPanel({ location, status, track }: LocationPanelProps) {
  const { t } = useTranslation();
  const [longitude, latitude] = location?.coordinate ?? [];
  const current: readonly [number, number] | null =
    longitude !== undefined && latitude !== undefined && location && location.accuracy > 0
      ? [longitude, latitude]
      : null;
  const hasTrack = (track?.length ?? 0) > 0;
  return (
    <Panel name="location" titleKey="devicePage.panels.location" className="device-panel-wide">
      <div className="device-location">
        <dl className="device-facts">
          <div className="device-fact">
            <dt>{t('devices.columns.location')}</dt>
            <dd>{t(LOCATION_LABEL_KEYS[status])}</dd>
          </div>
          <div className="device-fact">
            <dt>{t('devices.panel.latitude')}</dt>
            <dd dir="ltr">{latitude === undefined ? '-' : latitude.toFixed(5)}</dd>
          </div>
          <div className="device-fact">
            <dt>{t('devices.panel.longitude')}</dt>
            <dd dir="ltr">{longitude === undefined ? '-' : longitude.toFixed(5)}</dd>
          </div>
          <div className="device-fact">
            <dt>{t('devices.panel.altitude')}</dt>
            <dd dir="ltr">{location?.altitude ?? '-'}</dd>
          </div>
          <div className="device-fact">
            <dt>{t('devices.panel.accuracy')}</dt>
            <dd dir="ltr">{location ? location.accuracy : '-'}</dd>
          </div>
        </dl>
        {current ? <ShowOnHeatSight longitude={current[0]} latitude={current[1]} /> : null}
      </div>
      {current || hasTrack ? (
        <Suspense fallback={<Spinner size={24} />}>
          <DeviceTrackMap track={track ?? []} current={current} />
        </Suspense>
      ) : (
        <p className="bp6-text-muted">{t('devicePage.location.none')}</p>
      )}
    </Panel>
  );
}
