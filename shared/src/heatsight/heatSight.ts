import { z } from 'zod';
import { wholeNumberParam } from '../common.js';

/**
 * HeatSight (spec 2): where the fleet's links hold and where they drop. The provider keeps a
 * history of position samples, each with the link quality at that moment; this module is the
 * one description of that history on the wire, for the provider that writes it and the map
 * that draws it.
 */

/** The history windows the map offers, in milliseconds. */
export const HEATSIGHT_WINDOWS = { '1h': 3_600_000, '24h': 86_400_000, '7d': 604_800_000 } as const;
export type HeatSightWindow = keyof typeof HEATSIGHT_WINDOWS;
export const HEATSIGHT_WINDOW_NAMES = Object.keys(HEATSIGHT_WINDOWS) as HeatSightWindow[];

/** A device is sampled when its link state changes, and at least this often while it has a position. */
export const HEATSIGHT_SAMPLE_INTERVAL_MS = 5 * 60_000;

/**
 * More samples than this in a window come aggregated (map cell x time bucket, from the
 * provider's rollups) instead of one by one. 50,000 since issue 25 (200,000 before): reading a
 * window's raw samples grows with them, and a heat map draws no better with more points.
 */
export const HEATSIGHT_DEFAULT_MAX_POINTS = 50_000;

/**
 * The most samples a window answers one by one, whatever max_points asks (it may ask up to
 * 2,000,000): above it the window answers cells from the rollups, as it does above max_points.
 * 200,000 points already cover a full-screen map many times over under the heat kernel (a
 * 1920x1080 map has 2 million pixels, a kernel spans about 3,000), so more draw nothing new;
 * they are 1.6 MB on the wire and a few hundred ms of a read worker, where 2 million took 11-16 s.
 */
export const HEATSIGHT_RAW_LIMIT = 200_000;

/**
 * What the heat weighs: the share of links down, the share of samples with no link at all,
 * the cellular signal, or where the samples are (density).
 */
export const HEATSIGHT_METRICS = ['poorLinks', 'noConnection', 'signal', 'density'] as const;
export type HeatSightMetric = (typeof HEATSIGHT_METRICS)[number];

/** A sample's link quality, as the simulator and devices_state see it. */
export interface LinkQuality {
  readonly connected: boolean;
  readonly linksOnline: number;
  readonly linksTotal: number;
  /** The best online cellular modem's signal (0-100); null without one. */
  readonly bestSignal: number | null;
}

/** No link online: what "no connection" counts. */
export function hasNoLink(quality: Pick<LinkQuality, 'connected' | 'linksOnline'>): boolean {
  return !quality.connected || quality.linksOnline === 0;
}

/** The share of a sample's links that are down; a sample with no links counts as all down. */
export function linksDownShare(quality: Pick<LinkQuality, 'connected' | 'linksOnline' | 'linksTotal'>): number {
  if (!quality.connected || quality.linksTotal <= 0) return 1;
  return Math.min(1, Math.max(0, (quality.linksTotal - quality.linksOnline) / quality.linksTotal));
}

const Coordinate = (min: number, max: number) => z.number().min(min).max(max);

/** A coordinate as the query carries it: digits with an optional fraction and minus, nothing around them. */
const COORDINATE_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;

/** west,south,east,north in degrees, west below east (the map splits a view across the antimeridian). */
export const BoundingBoxSchema = z
  .string()
  .max(100)
  .transform((text, context) => {
    const parts = text.split(',').map((part) => (COORDINATE_TEXT.test(part) ? Number(part) : Number.NaN));
    const [west, south, east, north] = parts;
    const valid =
      parts.length === 4 &&
      parts.every((part) => Number.isFinite(part)) &&
      Coordinate(-180, 180).safeParse(west).success &&
      Coordinate(-180, 180).safeParse(east).success &&
      Coordinate(-90, 90).safeParse(south).success &&
      Coordinate(-90, 90).safeParse(north).success &&
      (west as number) < (east as number) &&
      (south as number) < (north as number);
    if (!valid) {
      context.addIssue({ code: 'custom', message: 'validation.invalid', params: { params: ['bbox'] } });
      return z.NEVER;
    }
    return { west: west as number, south: south as number, east: east as number, north: north as number };
  });
export type BoundingBox = {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
};

export const HeatSightSamplesQuerySchema = z.strictObject({
  window: z.enum(HEATSIGHT_WINDOW_NAMES as [HeatSightWindow, ...HeatSightWindow[]]).default('24h'),
  /** The window's end in epoch milliseconds; now when absent. */
  until: wholeNumberParam(0, 8_640_000_000_000).optional(),
  bbox: BoundingBoxSchema.optional(),
  /** '1': the environment and every one below it (needs HeatSight feature 2). */
  subtree: z.enum(['0', '1']).default('0'),
  max_points: wholeNumberParam(1_000, 2_000_000).default(HEATSIGHT_DEFAULT_MAX_POINTS),
});
export type HeatSightSamplesQuery = z.output<typeof HeatSightSamplesQuerySchema>;
