/** Where the simulated fleet lives: a few metropolitan areas, each a circle around a centre. */
export interface Region {
  readonly name: string;
  readonly longitude: number;
  readonly latitude: number;
  readonly radiusMeters: number;
}

export const REGIONS: readonly Region[] = [
  { name: 'Tel Aviv', longitude: 34.7818, latitude: 32.0853, radiusMeters: 12_000 },
  { name: 'Haifa', longitude: 34.9896, latitude: 32.794, radiusMeters: 9_000 },
  { name: 'Eilat', longitude: 34.9519, latitude: 29.5577, radiusMeters: 6_000 },
  { name: 'Berlin', longitude: 13.405, latitude: 52.52, radiusMeters: 15_000 },
  { name: 'New York', longitude: -74.006, latitude: 40.7128, radiusMeters: 14_000 },
];

const METERS_PER_DEGREE = 111_320;

export interface Point {
  readonly longitude: number;
  readonly latitude: number;
}

/** The point `meters` away from `from` towards `headingDegrees` (0 north, 90 east); flat-earth, fine at city scale. */
export function offset(from: Point, headingDegrees: number, meters: number): Point {
  const heading = (headingDegrees * Math.PI) / 180;
  return {
    latitude: from.latitude + (meters * Math.cos(heading)) / METERS_PER_DEGREE,
    longitude:
      from.longitude + (meters * Math.sin(heading)) / (METERS_PER_DEGREE * Math.cos((from.latitude * Math.PI) / 180)),
  };
}

export function distanceMeters(a: Point, b: Point): number {
  const north = (b.latitude - a.latitude) * METERS_PER_DEGREE;
  const east = (b.longitude - a.longitude) * METERS_PER_DEGREE * Math.cos((a.latitude * Math.PI) / 180);
  return Math.hypot(north, east);
}

/** The heading from `from` to `to`, in degrees (0 north, 90 east). */
export function headingTowards(from: Point, to: Point): number {
  const north = to.latitude - from.latitude;
  const east = (to.longitude - from.longitude) * Math.cos((from.latitude * Math.PI) / 180);
  return ((Math.atan2(east, north) * 180) / Math.PI + 360) % 360;
}

export function nearestRegion(point: Point): Region {
  let best = REGIONS[0] as Region;
  for (const region of REGIONS) if (distanceMeters(point, region) < distanceMeters(point, best)) best = region;
  return best;
}

/** Weak spots per region (fixed, so the map shows the same holes every run): where they are and how deep. */
const WEAK_SPOTS_PER_REGION = 3;
const WEAK_SPOT_DEPTH = 0.9;

interface WeakSpot extends Point {
  readonly radiusMeters: number;
}

const WEAK_SPOTS: readonly WeakSpot[] = REGIONS.flatMap((region, regionIndex) =>
  Array.from({ length: WEAK_SPOTS_PER_REGION }, (_unused, spot) => ({
    ...offset(region, (regionIndex * 97 + spot * 120) % 360, region.radiusMeters * (0.35 + 0.2 * spot)),
    radiusMeters: region.radiusMeters * 0.22,
  })),
);

/**
 * Radio coverage at a point, 0 (none) to 1 (full): full everywhere except a few weak spots
 * in each region (a valley, a tunnel, a stretch between towers), deepest at their centres.
 * The simulator's cellular links follow it, so the fleet's history has places to find.
 */
export function coverageAt(point: Point): number {
  let loss = 0;
  for (const spot of WEAK_SPOTS) {
    const ratio = distanceMeters(point, spot) / spot.radiusMeters;
    if (ratio < 3) loss = Math.max(loss, WEAK_SPOT_DEPTH * Math.exp(-ratio * ratio));
  }
  return 1 - loss;
}
