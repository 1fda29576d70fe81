import { lazy, useEffect } from 'react';
import { appFleet } from '../../lib/fleet';
import { useSessionSubject } from '../../lib/session';

/** The page with its charts (and, lazily, its map): loaded when the route opens. */
const LazyDevicePage = lazy(() => import('./DevicePage').then((module) => ({ default: module.DevicePage })));

/**
 * /config/devices/:id. The live fleet is asked for as the route opens, so the device's live
 * state is on its way (or already held, coming from Devices) while the page's code loads.
 */
export function DeviceRoute() {
  const { environmentId } = useSessionSubject();
  useEffect(() => {
    const subscription = appFleet(environmentId).state$.subscribe();
    return () => subscription.unsubscribe();
  }, [environmentId]);
  return <LazyDevicePage />;
}
