import {
  Button,
  ButtonGroup,
  Callout,
  Card,
  Elevation,
  H4,
  HTMLTable,
  Icon,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { API, ApiError, TestId, type AvailabilityReport as Report } from '@halo/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceLink, DownloadButton } from '../../../components';
import { api, errorDetail, errorMessage, type ApiValue } from '../../../lib/api';
import { durationText, percentText } from '../../../lib/time-window';
import {
  AVAILABILITY_COLUMNS,
  DEFAULT_AVAILABILITY_SORT,
  nextSort,
  sortAvailability,
  type AvailabilityColumn,
  type AvailabilitySort,
} from '../availabilitySort';
import { useTimeFormat } from '../../../lib/time-zone';

/** Rows a page of the table shows: a 100,000-device report is read a page at a time. */
export const AVAILABILITY_PAGE_SIZE = 100;

const COLUMN_LABEL_KEYS: Readonly<Record<AvailabilityColumn, string>> = {
  name: 'reports.columns.device',
  availability: 'reports.columns.availability',
  outages: 'reports.columns.outages',
  mttr: 'reports.columns.mttr',
};

export interface AvailabilityReportProps {
  readonly environmentId: number;
  readonly report: ApiValue<Report>;
}

/** Why a report could not be read: an upstream without the extension, or the call's refusal (a query over its budget). */
export function ReportProblem({ error, testId }: { readonly error: unknown; readonly testId: string }) {
  const { t } = useTranslation();
  const missing = ApiError.is(error) && error.status === 404;
  const detail = missing ? null : errorDetail(t, error);
  return (
    <Callout
      intent={missing ? 'none' : 'danger'}
      icon={missing ? 'info-sign' : 'error'}
      role="alert"
      data-testid={testId}
    >
      {missing ? t('reports.notOffered') : errorMessage(t, error)}
      {detail && <div>{detail}</div>}
    </Callout>
  );
}

/**
 * Availability over the window: the environment's figures on top, then each device (least
 * available first, any column sortable), a page at a time, each device linking to its page;
 * the CSV is the server's, the whole report.
 */
export function AvailabilityReport({ environmentId, report }: AvailabilityReportProps) {
  const { t, i18n } = useTranslation();
  const format = useTimeFormat();
  const [sort, setSort] = useState<AvailabilitySort>(DEFAULT_AVAILABILITY_SORT);
  const [page, setPage] = useState(0);
  const value = report.value;
  const sorted = useMemo(() => (value ? sortAvailability(value.devices, sort) : []), [value, sort]);
  const pages = Math.max(1, Math.ceil(sorted.length / AVAILABILITY_PAGE_SIZE));
  const shownPage = Math.min(page, pages - 1);
  const shown = sorted.slice(shownPage * AVAILABILITY_PAGE_SIZE, (shownPage + 1) * AVAILABILITY_PAGE_SIZE);

  const exportButton = (
    <DownloadButton
      download={async (lang) => {
        const range = value ? { from: value.from, to: value.to } : null;
        if (!range) throw new Error('no report');
        return api.call(API.devices.availabilityReportExport, { params: { environmentId }, query: { ...range, lang } });
      }}
      text={t('reports.export')}
      busyText={t('reports.exporting')}
      fileName="availability.csv"
      disabled={!value}
      testId={TestId.reports.availabilityExport}
    />
  );

  let body;
  if (report.error !== null) body = <ReportProblem error={report.error} testId={TestId.reports.availabilityError} />;
  else if (!value) body = <Spinner size={32} />;
  else
    body = (
      <>
        <p className="bp6-text-muted reports-window">
          <bdi dir="ltr">{format.dateTime(value.from)}</bdi>
          {' – '}
          <bdi dir="ltr">{format.dateTime(value.to)}</bdi>
        </p>
        <div className="reports-total" data-testid={TestId.reports.availabilityTotal}>
          <Figure
            label={t('reports.columns.availability')}
            value={percentText(i18n.language, value.total.availability)}
          />
          <Figure label={t('reports.columns.outages')} value={String(value.total.outages)} />
          <Figure label={t('reports.columns.mttr')} value={durationText(t, value.total.mttr_ms)} />
          <Figure label={t('reports.total.observed')} value={durationText(t, value.total.observed_ms)} />
          <Figure label={t('reports.total.devices')} value={String(value.devices.length)} />
        </div>
        {value.devices.length === 0 ? (
          <div data-testid={TestId.reports.availabilityEmpty}>
            <NonIdealState icon="satellite" title={t('reports.availability.empty')} />
          </div>
        ) : (
          <>
            <HTMLTable compact striped className="reports-table" data-testid={TestId.reports.availabilityTable}>
              <thead>
                <tr>
                  {AVAILABILITY_COLUMNS.map((column) => {
                    const active = sort.column === column;
                    return (
                      <th
                        key={column}
                        aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                        className={column === 'name' ? undefined : 'reports-number'}
                      >
                        <button
                          type="button"
                          className="reports-sort"
                          onClick={() => {
                            setSort((current) => nextSort(current, column));
                            setPage(0);
                          }}
                          data-testid={TestId.reports.availabilitySort(column)}
                        >
                          {t(COLUMN_LABEL_KEYS[column])}
                          {active && <Icon icon={sort.direction === 'asc' ? 'chevron-up' : 'chevron-down'} size={12} />}
                        </button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={row.device_id} data-testid={TestId.reports.availabilityRow(row.device_id)}>
                    <td>
                      <DeviceLink id={row.device_id} name={row.name} />
                    </td>
                    {row.availability === null ? (
                      // Never connected: no figures to tell, rather than 0 % with 0 outages (issue 39, item 16).
                      <td colSpan={3} className="bp6-text-muted" title={t('reports.availability.noDataHint')}>
                        {t('reports.availability.noData')}
                      </td>
                    ) : (
                      <>
                        <td className="reports-number">{percentText(i18n.language, row.availability)}</td>
                        <td className="reports-number">{row.outages}</td>
                        <td className="reports-number">{durationText(t, row.mttr_ms)}</td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            {pages > 1 && (
              <div className="reports-pager">
                <ButtonGroup>
                  <Button
                    size="small"
                    icon="chevron-backward"
                    text={t('reports.page.previous')}
                    disabled={shownPage === 0}
                    onClick={() => setPage(shownPage - 1)}
                    data-testid={TestId.reports.pagePrevious}
                  />
                  <Button
                    size="small"
                    rightIcon="chevron-forward"
                    text={t('reports.page.next')}
                    disabled={shownPage >= pages - 1}
                    onClick={() => setPage(shownPage + 1)}
                    data-testid={TestId.reports.pageNext}
                  />
                </ButtonGroup>
                <span className="bp6-text-muted" data-testid={TestId.reports.pagePosition}>
                  {t('reports.page.position', {
                    first: shownPage * AVAILABILITY_PAGE_SIZE + 1,
                    last: shownPage * AVAILABILITY_PAGE_SIZE + shown.length,
                    total: sorted.length,
                  })}
                </span>
              </div>
            )}
          </>
        )}
      </>
    );

  return (
    <Card elevation={Elevation.ONE} className="reports-card">
      <div className="reports-card-heading">
        <H4>{t('reports.availability.title')}</H4>
        {exportButton}
      </div>
      {body}
    </Card>
  );
}

function Figure({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <div className="reports-figure">
      <span className="reports-figure-value">{value}</span>
      <span className="bp6-text-muted">{label}</span>
    </div>
  );
}
