import { HeatmapLayer } from '@deck.gl/aggregation-layers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SteadyHeatmapLayer } from './steadyHeatmapLayer';

type Shaders = Parameters<HeatmapLayer['_createWeightsTransform']>[0];
const module = { name: 'project' };
const shaders = (vs = 'weights-vs'): Shaders => ({ vs, fs: 'weights-fs', modules: [module] });

/** A layer as deck.gl holds it between renders: the state is what lasts. */
function layerWith(state: Record<string, unknown>, props: Record<string, unknown> = {}) {
  const layer = new SteadyHeatmapLayer({ id: 'heat', data: [], ...props });
  Object.defineProperty(layer, 'state', { value: state, writable: true });
  layer.setState = (partial: Record<string, unknown>) => Object.assign(state, partial);
  return layer;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SteadyHeatmapLayer', () => {
  it('builds the weights program once and keeps it while the shaders stay the same', () => {
    const build = vi.spyOn(HeatmapLayer.prototype, '_createWeightsTransform').mockImplementation(function (
      this: HeatmapLayer,
    ) {
      this.setState({ weightsTransform: { id: 'transform' } });
    });
    const state: Record<string, unknown> = {};
    layerWith(state)._createWeightsTransform(shaders());
    expect(build).toHaveBeenCalledTimes(1);
    // A later render's layer (a new instance, the same state) with new attributes: kept.
    layerWith(state)._createWeightsTransform(shaders());
    expect(build).toHaveBeenCalledTimes(1);
    // Other shaders (a shader module changed): built again.
    layerWith(state)._createWeightsTransform(shaders('other-vs'));
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('finds the maximum weight only when no colour domain scales the colours', () => {
    const findMax = vi.spyOn(HeatmapLayer.prototype, '_updateMaxWeightValue').mockImplementation(() => undefined);
    layerWith({}, { colorDomain: [0, 4] })._updateMaxWeightValue();
    expect(findMax).not.toHaveBeenCalled();
    layerWith({}, { colorDomain: null })._updateMaxWeightValue();
    layerWith({}, { colorDomain: [0, 0] })._updateMaxWeightValue();
    expect(findMax).toHaveBeenCalledTimes(2);
  });
});
