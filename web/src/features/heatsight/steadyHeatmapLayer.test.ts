import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { HeatmapLayer } from '@deck.gl/aggregation-layers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countedWeightsShaders, SteadyHeatmapLayer } from './steadyHeatmapLayer';

type Shaders = Parameters<HeatmapLayer['_createWeightsTransform']>[0];
const module = { name: 'project' };
/** The lines of deck.gl's weights vertex shader this layer rewrites. */
const DECK_WEIGHTS_VS = `in float weights;
out vec4 weightsTexture;
void main() {
weightsTexture = vec4(weights * weight.weightsScale, 0., 0., 1.);
}`;
const shaders = (vs = DECK_WEIGHTS_VS): Shaders => ({ vs, fs: 'weights-fs', modules: [module] });

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
  it('keeps the weights transform while the buffer layout stays, and builds a new one (counting) before dropping the old when it changes', () => {
    const events: string[] = [];
    const build = vi.spyOn(HeatmapLayer.prototype, '_createWeightsTransform').mockImplementation(function (
      this: HeatmapLayer,
      given: Shaders,
    ) {
      // deck.gl destroys whatever transform the state holds before it builds one.
      (this.state as { weightsTransform?: { destroy(): void } }).weightsTransform?.destroy();
      events.push(`build ${given.vs.includes('in float counts;') ? 'counted' : 'plain'}`);
      const id = events.length;
      this.setState({ weightsTransform: { destroy: () => events.push(`destroy ${id}`) } });
    });
    const state: Record<string, unknown> = {};
    /** A later render's layer (a new instance, the same state) whose attributes have this layout. */
    const withLayout = (format: string) => {
      const layer = layerWith(state);
      const layouts = [{ name: 'positions', format }];
      vi.spyOn(layer, 'getAttributeManager').mockReturnValue({ getBufferLayouts: () => layouts } as never);
      return layer;
    };
    // Before any data: deck.gl's own float64 positions.
    withLayout('float32x3')._createWeightsTransform(shaders());
    // The first heat: float32 pairs, another layout: built anew, the old one dropped after.
    withLayout('float32x2')._createWeightsTransform(shaders());
    expect(events).toEqual(['build counted', 'build counted', 'destroy 1']);
    // Live updates: new buffers, the same layout: kept.
    withLayout('float32x2')._createWeightsTransform(shaders());
    withLayout('float32x2')._createWeightsTransform(shaders());
    expect(build).toHaveBeenCalledTimes(2);
    // Other shaders (a shader module changed): built again.
    withLayout('float32x2')._createWeightsTransform(shaders(`${DECK_WEIGHTS_VS}\n// another module`));
    expect(build).toHaveBeenCalledTimes(3);
  });

  it('finds the maximum weight only when no colour domain scales the colours', () => {
    const findMax = vi.spyOn(HeatmapLayer.prototype, '_updateMaxWeightValue').mockImplementation(() => undefined);
    layerWith({}, { colorDomain: [0, 4] })._updateMaxWeightValue();
    expect(findMax).not.toHaveBeenCalled();
    layerWith({}, { colorDomain: null })._updateMaxWeightValue();
    layerWith({}, { colorDomain: [0, 0] })._updateMaxWeightValue();
    expect(findMax).toHaveBeenCalledTimes(2);
  });

  it('gives each point its count as its mass, so MEAN averages per device, and refuses a shader it does not know', () => {
    const counted = countedWeightsShaders(shaders());
    expect(counted.vs).toContain('in float counts;');
    expect(counted.vs).toContain('weightsTexture = vec4(weights * weight.weightsScale, 0., 0., counts);');
    expect(counted.fs).toBe('weights-fs');
    expect(() => countedWeightsShaders(shaders('void main() {}'))).toThrow(/weights shader changed/);
  });

  it('rewrites the weights shader of the deck.gl installed', () => {
    // Not among the package's exports: read from beside its entry point.
    const entry = createRequire(join(process.cwd(), 'package.json')).resolve('@deck.gl/aggregation-layers');
    const installed = readFileSync(join(dirname(entry), 'heatmap-layer', 'weights-vs.glsl.js'), 'utf8');
    expect(countedWeightsShaders(shaders(installed)).vs).toContain('in float counts;');
  });
});
