import { Card, Elevation, H4, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { API, FIRMWARE_REPORT_MAX_VERSIONS, TestId, type FirmwareReport as Report } from '@halo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components';
import { api, type ApiValue } from '../../../lib/api';
import { componentLabel } from '../../../lib/i18n';
import { ReportProblem } from './AvailabilityReport';

/** Each component's versions together, the most used first. */
const byComponent = (report: Report) =>
  [...report.versions].sort(
    (a, b) =>
      a.component.localeCompare(b.component) ||
      b.devices - a.devices ||
      b.version.localeCompare(a.version, undefined, { numeric: true }),
  );

/** The firmware versions in use: how many devices run each, how many of those are not on their policy's fixed version. */
export function FirmwareReport({
  environmentId,
  report,
}: {
  readonly environmentId: number;
  readonly report: ApiValue<Report>;
}) {
  const { t, i18n } = useTranslation();
  const value = report.value;
  const rows = useMemo(() => (value ? byComponent(value) : []), [value]);
  let body;
  if (report.error !== null) body = <ReportProblem error={report.error} testId={TestId.reports.firmwareError} />;
  else if (!value) body = <Spinner size={32} />;
  else if (rows.length === 0)
    body = (
      <div data-testid={TestId.reports.firmwareEmpty}>
        <NonIdealState icon="git-branch" title={t('reports.firmware.empty')} />
      </div>
    );
  else
    body = (
      <HTMLTable compact striped className="reports-table" data-testid={TestId.reports.firmwareTable}>
        <thead>
          <tr>
            <th>{t('reports.columns.component')}</th>
            <th>{t('reports.columns.version')}</th>
            <th className="reports-number">{t('reports.columns.devices')}</th>
            <th className="reports-number">{t('reports.columns.behindFixed')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={`${row.component}/${row.version}`}
              data-testid={TestId.reports.firmwareRow(row.component, row.version)}
            >
              <td>{componentLabel(i18n.language, row.component)}</td>
              <td>
                <bdi dir="ltr">{row.version}</bdi>
              </td>
              <td className="reports-number">{row.devices}</td>
              <td className="reports-number">
                {row.behind_fixed > 0 ? (
                  <Tag minimal intent="warning">
                    {row.behind_fixed}
                  </Tag>
                ) : (
                  0
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  return (
    <Card elevation={Elevation.ONE} className="reports-card">
      <div className="reports-card-heading">
        <H4>{t('reports.firmware.title')}</H4>
        <DownloadButton
          download={(lang) =>
            api.call(API.devices.firmwareReportExport, { params: { environmentId }, query: { lang } })
          }
          text={t('reports.export')}
          busyText={t('reports.exporting')}
          fileName="firmware.csv"
          disabled={!value}
          testId={TestId.reports.firmwareExport}
        />
      </div>
      {body}
      {value?.more_versions && (
        <p className="bp6-text-muted" data-testid={TestId.reports.firmwareMore}>
          {t('reports.firmware.more', {
            count: value.more_versions.versions,
            devices: value.more_versions.devices,
            shown: FIRMWARE_REPORT_MAX_VERSIONS,
          })}
        </p>
      )}
      {value && value.unreported > 0 && (
        <p className="bp6-text-muted">{t('reports.firmware.unreported', { count: value.unreported })}</p>
      )}
    </Card>
  );
}
