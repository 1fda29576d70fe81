import type { Layer } from '@deck.gl/core';
import { GeoJsonLayer } from '@deck.gl/layers';
import { HairlineLayer } from './hairlineLayer';
import { worldBorders, worldCountries } from './worldBasemap';

export type Rgba = [number, number, number, number];

/** `#RRGGBB` as deck.gl's colour array. */
export const rgba = (color: string, alpha = 255): Rgba => {
  const value = Number.parseInt(color.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff, alpha];
};

/**
 * The offline world every map of the console draws under its own layers (HeatSight, a device's
 * track): the countries filled, wrapped across the antimeridian, and their borders as hairlines,
 * in the theme's colours. Building the countries' triangles is costly under software WebGL:
 * callers keep the array while the theme stays.
 */
export function worldLayers(dark: boolean): Layer[] {
  return [
    new GeoJsonLayer({
      id: 'world',
      data: worldCountries(),
      filled: true,
      stroked: false,
      wrapLongitude: true,
      getFillColor: dark ? rgba('#2F343C') : rgba('#E5E8EB'),
    }),
    new HairlineLayer({
      id: 'borders',
      segments: worldBorders(),
      color: dark ? rgba('#5F6B7C', 200) : rgba('#ABB3BF', 220),
    }),
  ];
}
