import { HeatmapLayer } from '@deck.gl/aggregation-layers';

type WeightsShaders = Parameters<HeatmapLayer['_createWeightsTransform']>[0];

const sameShaders = (one: WeightsShaders, other: WeightsShaders) =>
  one.vs === other.vs &&
  one.fs === other.fs &&
  one.modules.length === other.modules.length &&
  one.modules.every((module: unknown, index) => module === other.modules[index]);

/**
 * deck.gl's HeatmapLayer, without work HeatSight does not need on each update.
 *
 * It destroys and rebuilds its weights program whenever an attribute
 * changes, because binary data may bring another buffer layout. HeatSight's never does (two
 * float32 coordinates and one float32 weight per point), so this layer keeps the program and
 * only hands it the new buffers. A rebuild costs a shader compile and link: under software
 * WebGL about 0.9 s of main thread per live update (bench:heatsight), on a GPU a few ms.
 */
export class SteadyHeatmapLayer<DataT = unknown> extends HeatmapLayer<DataT> {
  static override layerName = 'SteadyHeatmapLayer';

  override _createWeightsTransform(shaders: WeightsShaders): void {
    // Layer instances are recreated on every render; what must last lives in state.
    const state = this.state as typeof this.state & { weightsShaders?: WeightsShaders };
    if (state.weightsTransform && state.weightsShaders && sameShaders(state.weightsShaders, shaders)) return;
    super._createWeightsTransform(shaders);
    this.setState({ weightsShaders: shaders });
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
