import type { HeatSightMetric, HeatSightWindow } from '@halo/shared';
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { MapArea } from '../../lib/fleet';
import { historyEntryMemory } from '../../lib/history-entry';
import type { MapFocus } from './heatSightLink';
import type { MapView } from './heatSightView';

export type Mode = 'live' | 'history';

/** Where the history comes from: an environment, alone or with every one below it. */
export interface Scope {
  readonly environmentId: number;
  readonly subtree: boolean;
}

/** What HeatSight shows: a history entry's place on it. */
export interface HeatSightPlace {
  readonly mode: Mode;
  readonly metric: HeatSightMetric;
  readonly window: HeatSightWindow;
  readonly scope: Scope;
  /** The cell whose devices are listed. */
  readonly openCell: MapArea | null;
  /** Where the map looks; null until it has looked anywhere. */
  readonly view: MapFocus | null;
}

/** A place as kept: with the session's environment it was kept under (a scope may be one below it). */
const places = historyEntryMemory<HeatSightPlace & { readonly sessionEnvironmentId: number }>();

/** The middle of the map's view and its zoom, to look there again. */
export function focusOfView(view: MapView): MapFocus {
  const [west, south, east, north] = view.area;
  const across = east >= west ? east - west : east + 360 - west;
  const longitude = west + across / 2;
  return {
    longitude: longitude > 180 ? longitude - 360 : longitude,
    latitude: (south + north) / 2,
    zoom: view.zoom,
  };
}

/**
 * HeatSight's place kept with its history entry (issue 39, item 16): Back from a device's page
 * that a cell's list or a marker opened shows the same metric, window, scope, open cell and
 * view, not the fleet fitted afresh. `initial` is what the page opens with (the kept place, if
 * its environment is the session's; else `fresh`), `keep` stores the place as it changes, and
 * `keepView` the map's view as it moves (without a render).
 */
export function useHeatSightPlace(fresh: HeatSightPlace, environmentId: number) {
  const { key } = useLocation();
  const [initial] = useState<HeatSightPlace>(() => {
    const kept = places.get(key);
    return kept && kept.sessionEnvironmentId === environmentId ? kept : fresh;
  });
  const current = useRef(initial);
  const store = useCallback(
    (place: HeatSightPlace) => {
      current.current = place;
      places.set(key, { ...place, sessionEnvironmentId: environmentId });
    },
    [key, environmentId],
  );
  const keep = useCallback(
    (place: Omit<HeatSightPlace, 'view'>) => store({ ...place, view: current.current.view }),
    [store],
  );
  const keepView = useCallback((view: MapView) => store({ ...current.current, view: focusOfView(view) }), [store]);
  return { initial, keep, keepView };
}
