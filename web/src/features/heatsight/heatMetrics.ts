import type { HeatSightHistory, HeatSightMetric } from '@halo/shared';
import { HEAT_AGGREGATION, SHARE_FLOOR } from '../../lib/fleet';

type Rgb = [number, number, number];

/**
 * What each metric means on the map: its names and colours. Shares (0..1) are averaged where
 * samples overlap (HEAT_AGGREGATION) against a fixed domain, so a colour always means the same
 * share; density sums and is relative to the view. Red is bad in every share.
 */
export interface MetricSpec {
  readonly labelKey: string;
  /** The legend's title, low end and high end. */
  readonly legendKey: string;
  readonly lowKey: string;
  readonly highKey: string;
  /** The legend's colours, low to high (heatColorRange makes deck.gl's from them). */
  readonly colorRange: readonly Rgb[];
  /** Whether the live fleet says it (the signal is only in the history). */
  readonly live: boolean;
}

/** Good to bad, yellow to red (poor links, no connection). */
const BAD_RANGE: readonly Rgb[] = [
  [255, 255, 178],
  [254, 217, 118],
  [254, 178, 76],
  [253, 141, 60],
  [240, 59, 32],
  [189, 0, 38],
];
/** Strong to weak, green to red (signal: the heat is its weakness, so red is bad everywhere). */
const SIGNAL_RANGE: readonly Rgb[] = [
  [26, 152, 80],
  [145, 207, 96],
  [217, 239, 139],
  [254, 224, 139],
  [252, 141, 89],
  [215, 48, 39],
];
/** Few to many (density), blue to yellow. */
const DENSITY_RANGE: readonly Rgb[] = [
  [65, 182, 196],
  [44, 127, 184],
  [37, 52, 148],
  [120, 80, 160],
  [220, 100, 80],
  [250, 220, 60],
];

export const METRICS: Readonly<Record<HeatSightMetric, MetricSpec>> = {
  poorLinks: {
    labelKey: 'heatSight.metrics.poorLinks',
    legendKey: 'heatSight.legend.poorLinks',
    lowKey: 'heatSight.legend.none',
    highKey: 'heatSight.legend.all',
    colorRange: BAD_RANGE,
    live: true,
  },
  noConnection: {
    labelKey: 'heatSight.metrics.noConnection',
    legendKey: 'heatSight.legend.noConnection',
    lowKey: 'heatSight.legend.none',
    highKey: 'heatSight.legend.all',
    colorRange: BAD_RANGE,
    live: true,
  },
  signal: {
    labelKey: 'heatSight.metrics.signal',
    legendKey: 'heatSight.legend.signal',
    lowKey: 'heatSight.legend.signalHigh',
    highKey: 'heatSight.legend.signalLow',
    colorRange: SIGNAL_RANGE,
    live: false,
  },
  density: {
    labelKey: 'heatSight.metrics.density',
    legendKey: 'heatSight.legend.density',
    lowKey: 'heatSight.legend.fewer',
    highKey: 'heatSight.legend.more',
    colorRange: DENSITY_RANGE,
    live: true,
  },
};

const RANGE_STEPS = 64;

/** The colour domain deck.gl is given: the lifted shares', or its own relative one for sums. */
export function heatColorDomain(metric: HeatSightMetric): [number, number] | null {
  return HEAT_AGGREGATION[metric] === 'MEAN' ? [SHARE_FLOOR, 1] : null;
}

/**
 * The colour range deck.gl is given: it maps 0..domain max along the range, so for lifted
 * shares the range starts with the low colour up to the floor and spreads the legend's
 * colours over [floor, 1].
 */
export function heatColorRange(metric: HeatSightMetric): Rgb[] {
  const { colorRange } = METRICS[metric];
  if (HEAT_AGGREGATION[metric] !== 'MEAN') return colorRange.map((color) => [...color]);
  const last = colorRange.length - 1;
  return Array.from({ length: RANGE_STEPS }, (_unused, step) => {
    const share = Math.max(0, (step / (RANGE_STEPS - 1) - SHARE_FLOOR) / (1 - SHARE_FLOOR));
    const at = share * last;
    const low = colorRange[Math.floor(at)] ?? colorRange[0] ?? [0, 0, 0];
    const high = colorRange[Math.min(last, Math.floor(at) + 1)] ?? low;
    const mix = at - Math.floor(at);
    return [0, 1, 2].map((channel) => Math.round(low[channel]! + (high[channel]! - low[channel]!) * mix)) as Rgb;
  });
}

/** A history row's weight for a metric; null when the row says nothing about it. */
export function historyWeight(history: HeatSightHistory, index: number, metric: HeatSightMetric): number | null {
  switch (metric) {
    case 'poorLinks':
      return history.linksDown[index] ?? null;
    case 'noConnection':
      return history.noLink[index] ?? null;
    case 'density':
      return history.counts[index] ?? null;
    case 'signal': {
      const signal = history.signal[index];
      // Weakness, so red means bad here too.
      return signal === undefined || Number.isNaN(signal) ? null : 1 - signal / 100;
    }
  }
}
