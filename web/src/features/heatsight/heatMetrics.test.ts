import { describe, expect, it } from 'vitest';
import { heatWeight } from '../../lib/fleet';
import { heatColorDomain, heatColorRange, METRICS } from './heatMetrics';

describe('heat metrics', () => {
  it('lifts shares onto the domain and keeps counts as they are', () => {
    const [low, high] = heatColorDomain('poorLinks') ?? [NaN, NaN];
    expect(heatWeight('poorLinks', 0)).toBe(low);
    expect(heatWeight('poorLinks', 1)).toBe(high);
    expect(heatWeight('noConnection', 0.5)).toBeCloseTo((low + high) / 2, 6);
    expect(heatColorDomain('density')).toBeNull();
    expect(heatWeight('density', 7)).toBe(7);
  });

  it('gives deck.gl a range whose part above the floor is the legend’s, low colour below it', () => {
    const [floor] = heatColorDomain('signal') ?? [0];
    const range = heatColorRange('signal');
    const legend = METRICS.signal.colorRange;
    expect(range[0]).toEqual(legend[0]);
    expect(range[Math.floor(floor * (range.length - 1)) - 1]).toEqual(legend[0]);
    expect(range.at(-1)).toEqual(legend.at(-1));
    expect(heatColorRange('density')).toEqual(METRICS.density.colorRange);
  });
});
