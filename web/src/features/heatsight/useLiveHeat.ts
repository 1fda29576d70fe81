import type { HeatSightMetric } from '@halo/shared';
import { useCallback, useEffect, useState } from 'react';
import type { ChannelFleet, FleetFeedState, FleetHeat, MapDevice } from '../../lib/fleet';
import { recordMeasure } from '../../lib/measures';
import { useObservableValue } from '../../lib/realtime';
import { heatCellDegrees } from './heatLayerData';
import { HEATSIGHT_APPLY_MEASURE, type HeatApplyDetail } from './heatSightMeasures';
import { DEVICE_ZOOM, type MapView } from './heatSightView';

/** The live heat as last received, and how many heats came before it (the layer's cue to redraw). */
export interface LiveHeat {
  readonly heat: FleetHeat;
  readonly version: number;
}

export interface LiveHeatOptions {
  /** The page shows the live heat: only then is it followed. */
  readonly watching: boolean;
  /** The map shows the session's own environment, whose devices the feed holds. */
  readonly ownScope: boolean;
}

/**
 * HeatSight's live side over a fleet feed. The fleet worker sums the feed's devices into cells
 * at the map's scale and sends the heat when it changed; this thread only hands it on. The
 * devices as points are listed by the worker for the area in view once zoomed in.
 */
export function useLiveHeat(fleet: ChannelFleet, metric: HeatSightMetric, { watching, ownScope }: LiveHeatOptions) {
  const feedState = useObservableValue<FleetFeedState>(fleet.state$, { kind: 'connecting' });
  const [live, setLive] = useState<LiveHeat | null>(null);
  const [cellDegrees, setCellDegrees] = useState(() => heatCellDegrees(0));
  useEffect(() => {
    fleet.map.setHeat({ metric, cellDegrees });
  }, [fleet, metric, cellDegrees]);
  useEffect(() => {
    if (!watching) return undefined;
    const subscription = fleet.map.heat$.subscribe((heat) => {
      const started = performance.now();
      setLive((current) => ({ heat, version: (current?.version ?? 0) + 1 }));
      const detail: HeatApplyDetail = { devices: heat.changed, cells: heat.length, reset: heat.reset };
      recordMeasure(HEATSIGHT_APPLY_MEASURE, started, performance.now(), detail);
    });
    return () => {
      subscription.unsubscribe();
      setLive(null);
    };
  }, [fleet, watching]);
  const [devices, setDevices] = useState<readonly MapDevice[]>([]);
  useEffect(() => {
    const subscription = fleet.map.devices$.subscribe(setDevices);
    return () => {
      subscription.unsubscribe();
      fleet.map.setArea(null);
    };
  }, [fleet]);
  /** The map moved: the heat's scale follows its zoom, the devices listed its area. */
  const onView = useCallback(
    (view: MapView) => {
      setCellDegrees(heatCellDegrees(view.zoom));
      fleet.map.setArea(ownScope && view.zoom >= DEVICE_ZOOM ? view.area : null);
    },
    [fleet, ownScope],
  );
  return { feedState, live, devices, onView };
}
