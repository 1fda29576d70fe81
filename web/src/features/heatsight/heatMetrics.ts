import {
  hasNoLink,
  linksDownShare,
  totalLinks,
  type DeviceLiveState,
  type HeatSightHistory,
  type HeatSightMetric,
} from '@halo/shared';

type Rgb = [number, number, number];

/**
 * What each metric weighs, how the heat sums it and what its colours mean. Shares (0..1) are
 * averaged where samples overlap (MEAN) against a fixed domain, so a colour always means the
 * same share; density sums and is relative to the view. Red is bad in every share.
 */
export interface MetricSpec {
  readonly labelKey: string;
  /** The legend's title, low end and high end. */
  readonly legendKey: string;
  readonly lowKey: string;
  readonly highKey: string;
  readonly aggregation: 'SUM' | 'MEAN';
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
    aggregation: 'MEAN',
    colorRange: BAD_RANGE,
    live: true,
  },
  noConnection: {
    labelKey: 'heatSight.metrics.noConnection',
    legendKey: 'heatSight.legend.noConnection',
    lowKey: 'heatSight.legend.none',
    highKey: 'heatSight.legend.all',
    aggregation: 'MEAN',
    colorRange: BAD_RANGE,
    live: true,
  },
  signal: {
    labelKey: 'heatSight.metrics.signal',
    legendKey: 'heatSight.legend.signal',
    lowKey: 'heatSight.legend.signalHigh',
    highKey: 'heatSight.legend.signalLow',
    aggregation: 'MEAN',
    colorRange: SIGNAL_RANGE,
    live: false,
  },
  density: {
    labelKey: 'heatSight.metrics.density',
    legendKey: 'heatSight.legend.density',
    lowKey: 'heatSight.legend.fewer',
    highKey: 'heatSight.legend.more',
    aggregation: 'SUM',
    colorRange: DENSITY_RANGE,
    live: true,
  },
};

/**
 * Shares travel to deck.gl lifted onto [SHARE_FLOOR, 1]. Its MEAN heat divides each pixel's
 * weight by the kernel mass there (at least 1), so where samples thin out at a blob's edge the
 * value sinks; below the domain's lower end deck.gl fades the pixel out. Lifted, a share of 0
 * (all fine) still shows in the scale's low colour where there are samples, and the edges fade
 * to nothing instead of reading as "all fine" (or, unlifted, vanishing where all is fine).
 */
const SHARE_FLOOR = 0.3;
const RANGE_STEPS = 64;

/** The value the heat layer is given for a metric's value (a share, a weakness, a count). */
export function heatWeight(metric: HeatSightMetric, value: number): number {
  return METRICS[metric].aggregation === 'MEAN' ? SHARE_FLOOR + (1 - SHARE_FLOOR) * value : value;
}

/** The colour domain deck.gl is given: the lifted shares', or its own relative one for sums. */
export function heatColorDomain(metric: HeatSightMetric): [number, number] | null {
  return METRICS[metric].aggregation === 'MEAN' ? [SHARE_FLOOR, 1] : null;
}

/**
 * The colour range deck.gl is given: it maps 0..domain max along the range, so for lifted
 * shares the range starts with the low colour up to the floor and spreads the legend's
 * colours over [floor, 1].
 */
export function heatColorRange(metric: HeatSightMetric): Rgb[] {
  const { colorRange, aggregation } = METRICS[metric];
  if (aggregation !== 'MEAN') return colorRange.map((color) => [...color]);
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

/** A live device's weight for a metric; null when it says nothing about it (no position, no signal). */
export function liveWeight(device: DeviceLiveState, metric: HeatSightMetric): number | null {
  const links = totalLinks(device.links ?? {});
  const quality = { connected: device.availability === 1, linksOnline: links.online, linksTotal: links.total };
  switch (metric) {
    case 'poorLinks':
      return linksDownShare(quality);
    case 'noConnection':
      return hasNoLink(quality) ? 1 : 0;
    case 'density':
      return 1;
    case 'signal':
      return null;
  }
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
