import { Card } from '@blueprintjs/core';
import { TestId, type HeatSightMetric } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { METRICS } from './heatMetrics';

/** What the colours mean: the metric's scale from its low end to its high end. */
export function Legend({ metric }: { readonly metric: HeatSightMetric }) {
  const { t } = useTranslation();
  const spec = METRICS[metric];
  const stops = spec.colorRange.map(([red, green, blue]) => `rgb(${red}, ${green}, ${blue})`).join(', ');
  return (
    <Card className="heatsight-legend" data-testid={TestId.heatSight.legend}>
      <div className="heatsight-legend-title">{t(spec.legendKey)}</div>
      <div className="heatsight-legend-bar" style={{ background: `linear-gradient(to right, ${stops})` }} />
      <div className="heatsight-legend-ends">
        <span>{t(spec.lowKey)}</span>
        <span>{t(spec.highKey)}</span>
      </div>
    </Card>
  );
}
