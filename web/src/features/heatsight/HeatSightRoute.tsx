import { lazy, useEffect } from 'react';
import { appFleet } from '../../lib/fleet';
import { useSessionSubject } from '../../lib/session';

/** HeatSight with deck.gl and the offline world map, loaded when the route opens (spec 2: "a maps service script is loaded"). */
const LazyHeatSightPage = lazy(() => import('./HeatSightPage').then((module) => ({ default: module.HeatSightPage })));

/**
 * /services/heatsight. The live fleet is asked for as the route opens, before the map's code
 * has loaded: its snapshot travels and is decoded in the fleet worker while deck.gl loads and
 * builds its WebGL programs, rather than after.
 */
export function HeatSightRoute() {
  const { environmentId } = useSessionSubject();
  useEffect(() => {
    const subscription = appFleet(environmentId).state$.subscribe();
    return () => subscription.unsubscribe();
  }, [environmentId]);
  return <LazyHeatSightPage />;
}
