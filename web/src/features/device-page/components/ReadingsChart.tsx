import { TestId, type DeviceTimeline } from '@halo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartTooltipStyle, useThemeColors } from '../../../lib/theme';
import { readingPoints, type TimeTick } from '../timelineLanes';
import { useTimeFormat } from '../../../lib/time-zone';

/** The lanes' label column and the room kept on their other side: the chart's axes take them, so both share one time axis. */
export const LANE_LABEL_WIDTH = 136;
export const LANE_END_WIDTH = 48;

/** Signal (0-100, left) and temperature (°C, right) over the window, on the lanes' time axis. */
export function ReadingsChart({
  timeline,
  ticks,
}: {
  readonly timeline: DeviceTimeline;
  readonly ticks: readonly TimeTick[];
}) {
  const { t } = useTranslation();
  const format = useTimeFormat();
  const colors = useThemeColors();
  const points = useMemo(() => readingPoints(timeline), [timeline]);
  if (points.length === 0)
    return <p className="device-timeline-no-readings bp6-text-muted">{t('devicePage.timeline.noReadings')}</p>;
  const tick = { fill: colors.muted, fontSize: 11 };
  return (
    <div className="device-timeline-chart" data-testid={TestId.devicePage.chart}>
      <ResponsiveContainer width="100%" height={160}>
        <LineChart data={points} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={[timeline.from, timeline.to]}
            ticks={ticks.map((entry) => entry.time)}
            tickFormatter={(time: number) => ticks.find((entry) => entry.time === time)?.label ?? ''}
            tick={tick}
            allowDataOverflow
          />
          <YAxis yAxisId="signal" width={LANE_LABEL_WIDTH} tick={tick} unit="%" />
          <YAxis yAxisId="temperature" orientation="right" width={LANE_END_WIDTH} tick={tick} unit="°C" />
          <Tooltip
            contentStyle={chartTooltipStyle(colors)}
            labelFormatter={(time) => (typeof time === 'number' ? format.dateTime(time) : '')}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            yAxisId="signal"
            dataKey="signal"
            name={t('devicePage.timeline.signal')}
            stroke={colors.series[0]}
            dot={false}
            connectNulls={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="temperature"
            dataKey="temperature"
            name={t('devicePage.timeline.temperature')}
            stroke={colors.series[1]}
            dot={false}
            connectNulls={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
