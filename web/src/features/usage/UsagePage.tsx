import './usage.css';
import { Button, ButtonGroup, Callout, Card, H4, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { API, connectedHours, ROUTES, TestId, type ConnectivityData, type ConnectivityDetail } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api, errorMessage, saveFile, useApiValue } from '../../lib/api';
import { isRightToLeft } from '../../lib/i18n';
import { useSessionSubject } from '../../lib/session';
import { chartTooltipStyle, sideAxisProps, useThemeColors } from '../../lib/theme';
import { allConnectivity } from './allConnectivity';
import { detailCsv, environmentsCsv } from './usageCsv';

const PERIODS = ['current_day', 'current_week', 'current_month', 'current_year'] as const;
type Period = (typeof PERIODS)[number];
const PERIOD_LABEL_KEYS: Readonly<Record<Period, string>> = {
  current_day: 'usage.periods.day',
  current_week: 'usage.periods.week',
  current_month: 'usage.periods.month',
  current_year: 'usage.periods.year',
};
const CHART_TITLE_KEYS: Readonly<Record<Period, string>> = {
  current_day: 'usage.chart.day',
  current_week: 'usage.chart.week',
  current_month: 'usage.chart.month',
  current_year: 'usage.chart.year',
};
const DAY_CHOICES = [7, 30, 90] as const;

const usagePath = (id: number) => ROUTES.usageMonitoring.replace(':id?', String(id));
const downloadCsv = (text: string, fileName: string) =>
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);

/**
 * /admin/usage-monitoring/{id}: connected hours (section 3: seconds / 3600, rounded from one
 * hour, one decimal below) per environment, the session's and those below it, for the current
 * day, week, month and year, as a chart and a table; with an id, that environment's daily
 * series and the devices connected longest. Both export as CSV.
 */
export function UsagePage() {
  const { id } = useParams();
  const detailId = id && /^[1-9]\d*$/.test(id) ? Number(id) : null;
  return detailId === null ? <EnvironmentsUsage /> : <EnvironmentUsage environmentId={detailId} />;
}

function EnvironmentsUsage() {
  const { t, i18n } = useTranslation();
  const colors = useThemeColors();
  const rtl = isRightToLeft(i18n.language);
  const { environmentId } = useSessionSubject();
  const [period, setPeriod] = useState<Period>('current_week');
  const usage = useApiValue<readonly ConnectivityData[]>(
    (signal) => allConnectivity(environmentId, signal),
    String(environmentId),
  );
  const rows = usage.value ?? [];
  const data = rows.map((row) => ({ name: row.environment_name, hours: connectedHours(row[period] ?? 0) }));
  return (
    <section className="usage-screen">
      <div className="usage-toolbar">
        <ButtonGroup>
          {PERIODS.map((choice) => (
            <Button
              key={choice}
              size="small"
              active={period === choice}
              intent={period === choice ? 'primary' : 'none'}
              aria-pressed={period === choice}
              text={t(PERIOD_LABEL_KEYS[choice])}
              onClick={() => setPeriod(choice)}
              data-testid={TestId.usage.period(choice)}
            />
          ))}
        </ButtonGroup>
        <span className="usage-spacer" />
        <Button
          icon="download"
          text={t('usage.page.export')}
          disabled={rows.length === 0}
          onClick={() => downloadCsv(environmentsCsv(rows), 'usage-by-environment.csv')}
          data-testid={TestId.usage.export}
        />
      </div>
      {usage.error !== null ? (
        <Callout intent="danger" icon="error" role="alert">
          {errorMessage(t, usage.error)}
        </Callout>
      ) : usage.loading && !usage.value ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <NonIdealState icon="dashboard" title={t('usage.page.empty')} />
      ) : (
        <div className="usage-columns">
          <Card className="usage-chart" data-testid={TestId.usage.chart}>
            <H4>{t(CHART_TITLE_KEYS[period])}</H4>
            <ResponsiveContainer width="100%" height={Math.max(200, data.length * 36 + 40)}>
              <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 16 }}>
                <CartesianGrid stroke={colors.grid} horizontal={false} />
                <XAxis
                  type="number"
                  reversed={rtl}
                  tick={{ fill: colors.muted, fontSize: 11 }}
                  unit={t('usage.page.hoursUnit')}
                />
                <YAxis
                  type="category"
                  dataKey="name"
                  width={120}
                  {...sideAxisProps(rtl, { fill: colors.text, fontSize: 12 })}
                />
                <Tooltip contentStyle={chartTooltipStyle(colors)} cursor={{ fill: colors.hover }} />
                <Bar
                  dataKey="hours"
                  name={t('usage.page.hours')}
                  fill={colors.series[0]}
                  maxBarSize={28}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </Card>
          <Card className="usage-table">
            <HTMLTable compact striped>
              <thead>
                <tr>
                  <th>{t('usage.columns.environment')}</th>
                  {PERIODS.map((choice) => (
                    <th key={choice}>{t(PERIOD_LABEL_KEYS[choice])}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={row.environment_id ?? row.environment_name}
                    data-testid={TestId.usage.row(row.environment_id ?? 0)}
                  >
                    <td>
                      {row.environment_id ? (
                        <Link to={usagePath(row.environment_id)} data-testid={TestId.usage.open(row.environment_id)}>
                          {row.environment_name}
                        </Link>
                      ) : (
                        row.environment_name
                      )}
                    </td>
                    {PERIODS.map((choice) => (
                      <td key={choice} dir="ltr" className="usage-number">
                        {t('usage.page.hoursValue', { hours: connectedHours(row[choice] ?? 0) })}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </Card>
        </div>
      )}
    </section>
  );
}

function EnvironmentUsage({ environmentId: detailId }: { readonly environmentId: number }) {
  const { t, i18n } = useTranslation();
  const colors = useThemeColors();
  const rtl = isRightToLeft(i18n.language);
  const { environmentId } = useSessionSubject();
  const [days, setDays] = useState<(typeof DAY_CHOICES)[number]>(30);
  const detail = useApiValue<ConnectivityDetail>(
    async (signal) =>
      (
        await api.call(
          API.usage.devicesConnectivityDetail,
          { params: { environmentId, id: detailId }, query: { days, top: 10 } },
          { signal },
        )
      ).connectivity_detail,
    `${environmentId}/${detailId}/${days}`,
  );
  const value = detail.value;
  const series = (value?.daily ?? []).map((day) => ({
    date: day.date.slice(5),
    hours: connectedHours(Math.max(0, day.seconds)),
  }));
  return (
    <section className="usage-screen">
      <div className="usage-toolbar">
        <Link to={ROUTES.usageMonitoring.replace('/:id?', '')} data-testid={TestId.usage.back}>
          {t('usage.page.back')}
        </Link>
        <H4 className="usage-title">{value?.environment_name ?? ''}</H4>
        <ButtonGroup>
          {DAY_CHOICES.map((choice) => (
            <Button
              key={choice}
              size="small"
              active={days === choice}
              intent={days === choice ? 'primary' : 'none'}
              text={t('usage.page.lastDays', { count: choice })}
              onClick={() => setDays(choice)}
            />
          ))}
        </ButtonGroup>
        <span className="usage-spacer" />
        <Button
          icon="download"
          text={t('usage.page.export')}
          disabled={!value}
          onClick={() => value && downloadCsv(detailCsv(value), `usage-${value.environment_name}.csv`)}
          data-testid={TestId.usage.export}
        />
      </div>
      {detail.error !== null ? (
        <Callout intent="danger" icon="error" role="alert">
          {errorMessage(t, detail.error)}
        </Callout>
      ) : !value ? (
        <Spinner />
      ) : (
        <div className="usage-columns">
          <Card className="usage-chart" data-testid={TestId.usage.daily}>
            <H4>{t('usage.page.dailyTitle')}</H4>
            <ResponsiveContainer width="100%" height={260}>
              <LineChart data={series} margin={{ top: 8, right: 16, bottom: 4, left: 8 }}>
                <CartesianGrid stroke={colors.grid} vertical={false} />
                <XAxis dataKey="date" reversed={rtl} tick={{ fill: colors.muted, fontSize: 11 }} minTickGap={16} />
                <YAxis
                  width={40}
                  domain={[0, 'auto']}
                  allowDataOverflow={false}
                  {...sideAxisProps(rtl, { fill: colors.muted, fontSize: 11 })}
                />
                <Tooltip contentStyle={chartTooltipStyle(colors)} />
                {/* Monotone in x: between two days the line stays between their values, never below 0. */}
                <Line
                  type="monotoneX"
                  dataKey="hours"
                  name={t('usage.page.hours')}
                  stroke={colors.series[0]}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              </LineChart>
            </ResponsiveContainer>
          </Card>
          <Card className="usage-table">
            <H4>{t('usage.page.topDevices')}</H4>
            {value.top_devices.length === 0 ? (
              <p className="bp6-text-muted">{t('usage.page.noDevices')}</p>
            ) : (
              <HTMLTable compact striped>
                <thead>
                  <tr>
                    <th>{t('usage.columns.device')}</th>
                    <th>{t('usage.columns.hours')}</th>
                  </tr>
                </thead>
                <tbody>
                  {value.top_devices.map((device) => (
                    <tr key={device.device_id} data-testid={TestId.usage.topDevice(device.device_id)}>
                      <td dir="auto">{device.name ?? t('usage.page.deletedDevice', { id: device.device_id })}</td>
                      <td dir="ltr" className="usage-number">
                        {t('usage.page.hoursValue', { hours: connectedHours(device.seconds) })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </Card>
        </div>
      )}
    </section>
  );
}
