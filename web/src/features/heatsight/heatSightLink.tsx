import { Button } from '@blueprintjs/core';
import { can, ROUTES, TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSessionSubject } from '../../lib/session';

/** Zoom a link to a position opens at: a few streets around it. */
export const FOCUS_ZOOM = 13;

export interface MapFocus {
  readonly longitude: number;
  readonly latitude: number;
  readonly zoom: number;
}

/** A position marked on the map by the address that opened it (a message's), with its time if known. */
export interface MapPin {
  readonly longitude: number;
  readonly latitude: number;
  /** Epoch milliseconds; null when the link named no time. */
  readonly time: number | null;
}

export interface HeatSightHrefOptions {
  readonly zoom?: number;
  /** Mark the position with a pin, labelled with this time (an ISO timestamp); null: a pin without a time. */
  readonly pinTime?: string | null;
}

/**
 * HeatSight centred on a position: /services/heatsight?lon=..&lat=..&zoom=.., and with a pin on
 * it &pin=lon,lat&pinAt=epoch-ms. The pin has its own position, so the address stays one to
 * share whatever view it opens on.
 */
export function heatSightHref(longitude: number, latitude: number, options: HeatSightHrefOptions = {}): string {
  const query = new URLSearchParams({
    lon: longitude.toFixed(6),
    lat: latitude.toFixed(6),
    zoom: String(options.zoom ?? FOCUS_ZOOM),
  });
  if (options.pinTime !== undefined) {
    query.set('pin', `${longitude.toFixed(6)},${latitude.toFixed(6)}`);
    const time = options.pinTime === null ? Number.NaN : Date.parse(options.pinTime);
    if (Number.isFinite(time)) query.set('pinAt', String(time));
  }
  return `${ROUTES.heatSight}?${query.toString()}`;
}

/** The pin an address asks for; null when it names none or names nonsense (a bad time drops only the time). */
export function pinOf(search: URLSearchParams): MapPin | null {
  const [longitudeText, latitudeText, ...rest] = (search.get('pin') ?? '').split(',');
  if (rest.length > 0 || !longitudeText || !latitudeText) return null;
  const longitude = Number(longitudeText);
  const latitude = Number(latitudeText);
  if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) return null;
  if (!Number.isFinite(latitude) || Math.abs(latitude) > 85) return null;
  const timeText = search.get('pinAt') ?? '';
  const time = /^\d{1,15}$/.test(timeText) ? Number(timeText) : null;
  return { longitude, latitude, time };
}

/** The focus a HeatSight address asks for; null when it names none or names nonsense. */
export function focusOf(search: URLSearchParams): MapFocus | null {
  const longitude = Number(search.get('lon'));
  const latitude = Number(search.get('lat'));
  const zoom = search.has('zoom') ? Number(search.get('zoom')) : FOCUS_ZOOM;
  if (!search.has('lon') || !search.has('lat')) return null;
  if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) return null;
  if (!Number.isFinite(latitude) || Math.abs(latitude) > 85) return null;
  return { longitude, latitude, zoom: Number.isFinite(zoom) ? Math.min(20, Math.max(0, zoom)) : FOCUS_ZOOM };
}

export interface ShowOnHeatSightProps {
  readonly longitude: number;
  readonly latitude: number;
  /** Pin the position on the map with this time (a message's); omitted: no pin. */
  readonly pinTime?: string | null;
}

/** "Show on HeatSight" for a position, for those whose session has the feature. */
export function ShowOnHeatSight({ longitude, latitude, pinTime }: ShowOnHeatSightProps) {
  const { t } = useTranslation();
  const { subject } = useSessionSubject();
  const navigate = useNavigate();
  if (!can(subject, 'heatSight.view')) return null;
  return (
    <Button
      variant="minimal"
      size="small"
      icon="map-marker"
      data-testid={TestId.heatSight.showOnMap}
      onClick={() => void navigate(heatSightHref(longitude, latitude, pinTime === undefined ? {} : { pinTime }))}
    >
      {t('heatSight.showOnMap')}
    </Button>
  );
}
