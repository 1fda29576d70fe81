import { API, SEVERITY_COLORS, SEVERITY_NAMES, TestId, wallTimeOf, type SystemLogHistogram } from '@halo/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api } from '../../../lib/api';
import { isRightToLeft, SEVERITY_LABEL_KEYS } from '../../../lib/i18n';
import { chartTooltipStyle, sideAxisProps, useThemeColors } from '../../../lib/theme';
import { useTimeZone } from '../../../lib/time-zone';

export interface SeverityHistogramProps {
  readonly environmentId: number;
  /** The filters and the closed time range, as the API takes them. */
  readonly query: Record<string, unknown> & { readonly start_date: string; readonly end_date: string };
  /** Changes when the histogram should be fetched again (new live entries). */
  readonly refreshKey: number;
}

const BUCKETS = 48;

/** `HH:mm` in the reader's zone for ranges within a day, `D/M` beyond. */
function bucketLabel(iso: string, bucketMs: number, zone: string): string {
  const wall = wallTimeOf(Date.parse(iso), zone);
  const pad = (value: number) => String(value).padStart(2, '0');
  if (bucketMs < 86_400_000 / 2) return `${pad(wall.hour)}:${pad(wall.minute)}`;
  return `${wall.day}/${wall.month}`;
}

/** How many entries of each severity fell in each slice of the range: the volume at a glance. */
export default function SeverityHistogram({ environmentId, query, refreshKey }: SeverityHistogramProps) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const colors = useThemeColors();
  const [histogram, setHistogram] = useState<SystemLogHistogram['histogram'] | null>(null);
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    const controller = new AbortController();
    api
      .call(
        API.logs.systemLogsHistogram,
        { params: { environmentId }, query: { ...(JSON.parse(queryKey) as typeof query), buckets: BUCKETS } },
        { signal: controller.signal },
      )
      .then((answer) => setHistogram(answer.histogram))
      .catch(() => {
        if (!controller.signal.aborted) setHistogram(null);
      });
    return () => controller.abort();
  }, [environmentId, queryKey, refreshKey]);
  const data = (histogram?.buckets ?? []).map((bucket) => ({
    label: bucketLabel(bucket.start, histogram?.bucket_ms ?? 0, zone),
    ...Object.fromEntries(SEVERITY_NAMES.map((name, index) => [name, bucket.counts[index] ?? 0])),
  }));
  const rtl = isRightToLeft(i18n.language);
  return (
    <div className="logs-histogram" data-testid={TestId.logs.histogram} aria-label={t('logs.system.histogram')}>
      <ResponsiveContainer width="100%" height={96}>
        <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
          <XAxis
            dataKey="label"
            reversed={rtl}
            tick={{ fontSize: 10, fill: colors.muted }}
            interval="preserveStartEnd"
            minTickGap={24}
          />
          <YAxis width={32} allowDecimals={false} {...sideAxisProps(rtl, { fill: colors.muted, fontSize: 10 })} />
          <Tooltip contentStyle={chartTooltipStyle(colors)} cursor={{ fill: colors.hover }} />
          {SEVERITY_NAMES.map((name, index) => (
            <Bar
              key={name}
              dataKey={name}
              name={t(SEVERITY_LABEL_KEYS[index as 0 | 1 | 2 | 3])}
              stackId="severity"
              fill={SEVERITY_COLORS[name]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
