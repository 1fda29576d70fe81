import { Button } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/api';
import type { FleetExportColumn, FleetTable } from '../../../lib/fleet';
import { notifyError } from '../../../lib/notify';
import type { DeviceGroupNames } from '../deviceGroups';
import { deviceCellTexts } from '../deviceLabels';

/** The export's file name: the screen and the day it was made (local time). */
export function devicesExportFileName(now: Date): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0'));
  return `devices-${day.join('-')}.csv`;
}

/**
 * "Export CSV": every row the current filter, search and sort show (not only those on screen),
 * with the columns the table shows as it labels them, cells as it says them, formula-safe, and
 * each device's groups and coordinates. The fleet worker writes the file, so 100,000 rows never
 * hold up the page.
 */
export function DevicesExportButton({
  table,
  columns,
  groups,
}: {
  readonly table: FleetTable;
  /** The columns the file has, in reading order, labelled. */
  readonly columns: () => readonly FleetExportColumn[];
  /** Reads which groups each device is in; null for a user who may not see groups (no such column). */
  readonly groups: (() => Promise<DeviceGroupNames>) | null;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon="export"
      text={t('devices.export.button')}
      loading={busy}
      onClick={() => {
        setBusy(true);
        (groups ? groups() : Promise.resolve(undefined))
          .then((names) => table.exportCsv({ columns: columns(), texts: deviceCellTexts(t), groups: names }))
          .then((csv) =>
            saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), devicesExportFileName(new Date())),
          )
          .catch(() => notifyError(t('devices.export.failed')))
          .finally(() => setBusy(false));
      }}
      data-testid={TestId.devicesBulk.export}
    />
  );
}
