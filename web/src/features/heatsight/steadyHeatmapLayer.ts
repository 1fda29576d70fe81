import { HeatmapLayer, type HeatmapLayerProps } from '@deck.gl/aggregation-layers';
import type { Accessor, DefaultProps } from '@deck.gl/core';

type WeightsShaders = Parameters<HeatmapLayer['_createWeightsTransform']>[0];

const sameShaders = (one: WeightsShaders, other: WeightsShaders) =>
  one.vs === other.vs &&
  one.fs === other.fs &&
  one.modules.length === other.modules.length &&
  one.modules.every((module: unknown, index) => module === other.modules[index]);

/** deck.gl's weights vertex shader writes each point's kernel mass (1) where MEAN divides by it. */
const WEIGHTS_OUT = 'weightsTexture = vec4(weights * weight.weightsScale, 0., 0., 1.);';

/**
 * The weights shader with a point's count as its mass: a cell of n devices counts n times in
 * the average around it, as its n devices would. Fails loudly when deck.gl's shader changed.
 */
export function countedWeightsShaders(shaders: WeightsShaders): WeightsShaders {
  if (!shaders.vs.includes(WEIGHTS_OUT) || !shaders.vs.includes('in float weights;'))
    throw new Error('deck.gl HeatmapLayer weights shader changed: counts cannot be applied');
  const vs = shaders.vs
    .replace('in float weights;', 'in float weights;\nin float counts;')
    .replace(WEIGHTS_OUT, 'weightsTexture = vec4(weights * weight.weightsScale, 0., 0., counts);');
  return { ...shaders, vs };
}

interface CountProps<DataT> {
  /** How many devices or samples a point stands for (a cell); 1 by default. */
  getCount?: Accessor<DataT, number>;
}

export type SteadyHeatmapLayerProps<DataT = unknown> = HeatmapLayerProps<DataT> & CountProps<DataT>;

/**
 * deck.gl's HeatmapLayer for HeatSight's cells, without work HeatSight does not need on each
 * update.
 *
 * Points are cells (HeatData): a weight sum and a count, the count being the point's mass in
 * MEAN (deck.gl gives every point a mass of 1, which would let a lone device weigh as much as a
 * cell of a hundred).
 *
 * deck.gl destroys its weights transform and builds another whenever an attribute changes, in
 * case binary data brought another buffer layout: a new model per live update (and, destroyed
 * first, possibly its program compiled and linked again: under software WebGL about 0.9 s of
 * main thread, on a GPU a few ms). This layer builds one only when the layout changed.
 */
export class SteadyHeatmapLayer<DataT = unknown> extends HeatmapLayer<DataT, CountProps<DataT>> {
  static override layerName = 'SteadyHeatmapLayer';
  static override defaultProps: DefaultProps<SteadyHeatmapLayerProps> = {
    ...HeatmapLayer.defaultProps,
    getCount: { type: 'accessor', value: 1 },
  };

  override _setupAttributes(): void {
    super._setupAttributes();
    this.getAttributeManager()?.add({ counts: { size: 1, accessor: 'getCount', defaultValue: 1 } });
  }

  /**
   * Keeps the weights transform while the buffers keep their layout (HeatSight's always do: two
   * float32 coordinates, a weight and a count per point), and builds a new one when it changes:
   * the first one is built before any data, for deck.gl's own float64 positions, and drawing
   * float32 pairs through it reads every point at the wrong stride. A new one is built while the
   * old one still holds its program, so luma.gl's pipeline cache hands the linked program over
   * instead of compiling and linking it again; the old one goes after.
   */
  override _createWeightsTransform(shaders: WeightsShaders): void {
    const { state } = this;
    const layout = JSON.stringify(this.getAttributeManager()?.getBufferLayouts() ?? null);
    const built = state as typeof state & { weightsLayout?: string; weightsShaders?: WeightsShaders };
    if (
      state.weightsTransform &&
      built.weightsLayout === layout &&
      built.weightsShaders &&
      sameShaders(built.weightsShaders, shaders)
    )
      return;
    const previous = state.weightsTransform;
    state.weightsTransform = undefined;
    try {
      super._createWeightsTransform(countedWeightsShaders(shaders));
    } finally {
      previous?.destroy();
    }
    this.setState({ weightsLayout: layout, weightsShaders: shaders });
  }

  /**
   * The maximum weight scales the colours only when no colour domain is given (deck.gl's
   * triangle shader ignores it otherwise); HeatSight always gives one. Finding it draws one
   * point per weights texel (262,144 at 512²) on every update: skipped.
   */
  override _updateMaxWeightValue(): void {
    const domain = this.props.colorDomain;
    if (domain && domain[1] > 0) return;
    super._updateMaxWeightValue();
  }
}
