import './reports.css';
import { Button } from '@blueprintjs/core';
import { API, TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { TimeWindowPicker } from '../../components';
import { api, useApiValue } from '../../lib/api';
import { useSessionSubject } from '../../lib/session';
import { timeWindowKey, timeWindowRange, useTimeWindow } from '../../lib/time-window';
import { AvailabilityReport } from './components/AvailabilityReport';
import { FirmwareReport } from './components/FirmwareReport';

/**
 * /services/reports: the environment's availability (share of time connected), outages and
 * mean time to recover over a window, per device and in all, and the firmware versions in use;
 * each exportable as CSV. The window is in the address, as on a device's page.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const { environmentId } = useSessionSubject();
  const [timeWindow, setTimeWindow] = useTimeWindow();
  const availability = useApiValue(
    (signal) =>
      api.call(
        API.devices.availabilityReport,
        { params: { environmentId }, query: timeWindowRange(timeWindow, Date.now()) },
        { signal },
      ),
    `${environmentId}/${timeWindowKey(timeWindow)}`,
  );
  const firmware = useApiValue(
    (signal) => api.call(API.devices.firmwareReport, { params: { environmentId } }, { signal }),
    String(environmentId),
  );
  return (
    <section className="reports-page" data-testid={TestId.reports.page}>
      <TimeWindowPicker value={timeWindow} onChange={setTimeWindow}>
        <Button
          size="small"
          icon="refresh"
          text={t('timeWindow.now')}
          loading={availability.loading}
          onClick={() => {
            availability.reload();
            firmware.reload();
          }}
          data-testid={TestId.reports.refresh}
        />
      </TimeWindowPicker>
      <AvailabilityReport environmentId={environmentId} report={availability} />
      <FirmwareReport environmentId={environmentId} report={firmware} />
    </section>
  );
}
