import type { FeatureCollection, Geometry } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';

/**
 * The offline world: Natural Earth's countries at 1:110m from the world-atlas package, bundled
 * with the map's code so nothing is fetched. Converted from TopoJSON once.
 */
const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;

let world: FeatureCollection<Geometry> | null = null;

export function worldCountries(): FeatureCollection<Geometry> {
  if (!world) {
    const collection = feature(topology, topology.objects.countries);
    world = {
      type: 'FeatureCollection',
      features: (collection as FeatureCollection<Geometry>).features,
    };
  }
  return world;
}

/** Where the 1:110m world is cut at the antimeridian: an edge there is no border. */
const onAntimeridian = (longitude: number) => Math.abs(longitude) >= 180 - 1e-6;

let borders: Float32Array | null = null;

/**
 * The countries' borders and coastlines as line segments (4 floats each: longitude and latitude
 * of both ends), each drawn once: topojson's mesh makes a border shared by two countries one
 * line. The edges along the antimeridian, where the data cuts Russia and Antarctica, are left out;
 * a segment across it is cut in two there (drawn as is, it would cross the whole world).
 */
export function worldBorders(): Float32Array {
  if (!borders) {
    const segments: number[] = [];
    const add = (fromLongitude: number, fromLatitude: number, toLongitude: number, toLatitude: number) => {
      if (!(onAntimeridian(fromLongitude) && onAntimeridian(toLongitude)))
        segments.push(fromLongitude, fromLatitude, toLongitude, toLatitude);
    };
    for (const line of mesh(topology, topology.objects.countries).coordinates)
      for (let index = 1; index < line.length; index += 1) {
        const [fromLongitude = 0, fromLatitude = 0] = line[index - 1] ?? [];
        const [toLongitude = 0, toLatitude = 0] = line[index] ?? [];
        if (Math.abs(toLongitude - fromLongitude) <= 180) {
          add(fromLongitude, fromLatitude, toLongitude, toLatitude);
          continue;
        }
        // Across the antimeridian (Fiji, Chukotka): two segments, each ending on it.
        const edge = fromLongitude > 0 ? 180 : -180;
        const span = 360 - Math.abs(toLongitude - fromLongitude);
        const latitude = fromLatitude + ((toLatitude - fromLatitude) * Math.abs(edge - fromLongitude)) / span;
        add(fromLongitude, fromLatitude, edge, latitude);
        add(-edge, latitude, toLongitude, toLatitude);
      }
    borders = Float32Array.from(segments);
  }
  return borders;
}
