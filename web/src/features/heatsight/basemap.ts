import type { FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';

/**
 * The offline world: Natural Earth's countries at 1:110m from the world-atlas package, bundled
 * with the map's code so nothing is fetched. Converted from TopoJSON once.
 */
let world: FeatureCollection<Geometry> | null = null;

export function worldCountries(): FeatureCollection<Geometry> {
  if (!world) {
    const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
    const collection = feature(topology, topology.objects.countries);
    world = {
      type: 'FeatureCollection',
      features: (collection as FeatureCollection<Geometry>).features,
    };
  }
  return world;
}
