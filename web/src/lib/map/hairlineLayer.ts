import { Layer, project32, type Color, type DefaultProps, type LayerProps, type UpdateParameters } from '@deck.gl/core';
import { Geometry, Model, type ModelProps } from '@luma.gl/engine';
import type { ShaderModule } from '@luma.gl/shadertools';

const vs = /* glsl */ `#version 300 es
#define SHADER_NAME hairline-layer-vertex-shader
in vec2 positions;
void main(void) {
  vec3 position = vec3(positions, 0.0);
  geometry.worldPosition = position;
  gl_Position = project_position_to_clipspace(position, vec3(0.0), vec3(0.0));
}
`;

const fs = /* glsl */ `#version 300 es
#define SHADER_NAME hairline-layer-fragment-shader
precision highp float;
out vec4 fragColor;
void main(void) {
  fragColor = hairline.color;
}
`;

const uniformBlock = /* glsl */ `\
layout(std140) uniform hairlineUniforms {
  vec4 color;
} hairline;
`;

const hairlineUniforms = {
  name: 'hairline',
  vs: uniformBlock,
  fs: uniformBlock,
  uniformTypes: { color: 'vec4<f32>' },
} as const satisfies ShaderModule<{ color: [number, number, number, number] }>;

interface _HairlineLayerProps {
  /** Line segments: the ends of segment i at 4i..4i+3 (longitude, latitude, longitude, latitude). */
  readonly segments: Float32Array;
  /** One colour for every line, 0-255 with alpha. */
  readonly color: Color;
}

export type HairlineLayerProps = _HairlineLayerProps & LayerProps;

/**
 * Lines one pixel wide, one colour, as GL lines: the map's borders and coastlines. deck.gl's
 * path and line layers draw each segment as a quad with joins and widths worked out per vertex;
 * under software WebGL (no GPU on the host) their first frame alone took 0.5 to 1.2 s of the
 * HeatSight opening, this one's a small fraction of it. Not pickable; no 64-bit positions (a
 * 1:110m world does not need them).
 */
export class HairlineLayer extends Layer<Required<_HairlineLayerProps>> {
  static override layerName = 'HairlineLayer';
  static override defaultProps: DefaultProps<HairlineLayerProps> = {
    segments: { type: 'object', value: new Float32Array(0) },
    color: { type: 'color', value: [0, 0, 0, 255] },
  };

  declare state: { model?: Model };

  /** deck.gl's shaders with its projection module, and this layer's colour uniform. */
  override getShaders(): ModelProps {
    return super.getShaders({ vs, fs, modules: [project32, hairlineUniforms] }) as ModelProps;
  }

  override initializeState(): void {
    this.state.model = this.createModel();
  }

  override updateState(params: UpdateParameters<this>): void {
    super.updateState(params);
    if (params.props.segments !== params.oldProps.segments) {
      this.state.model?.destroy();
      this.state.model = this.createModel();
    }
  }

  override finalizeState(context: Parameters<Layer['finalizeState']>[0]): void {
    super.finalizeState(context);
    this.state.model?.destroy();
  }

  override draw(): void {
    const { model } = this.state;
    if (!model) return;
    const [red = 0, green = 0, blue = 0, alpha = 255] = this.props.color;
    model.shaderInputs.setProps({ hairline: { color: [red / 255, green / 255, blue / 255, alpha / 255] } });
    model.draw(this.context.renderPass);
  }

  private createModel(): Model {
    const { segments } = this.props;
    return new Model(this.context.device, {
      ...this.getShaders(),
      id: this.props.id,
      geometry: new Geometry({
        topology: 'line-list',
        vertexCount: segments.length / 2,
        attributes: { positions: { size: 2, value: segments } },
      }),
    });
  }
}
