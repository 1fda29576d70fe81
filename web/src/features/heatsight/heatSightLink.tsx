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

/** HeatSight centred on a position: /services/heatsight?lon=..&lat=..&zoom=.. */
export function heatSightHref(longitude: number, latitude: number, zoom = FOCUS_ZOOM): string {
  const query = new URLSearchParams({ lon: longitude.toFixed(6), lat: latitude.toFixed(6), zoom: String(zoom) });
  return `${ROUTES.heatSight}?${query.toString()}`;
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

/** "Show on HeatSight" for a position, for those whose session has the feature. */
export function ShowOnHeatSight({ longitude, latitude }: { readonly longitude: number; readonly latitude: number }) {
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
      onClick={() => void navigate(heatSightHref(longitude, latitude))}
    >
      {t('heatSight.showOnMap')}
    </Button>
  );
}
