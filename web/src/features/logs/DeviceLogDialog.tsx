import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import {
  API,
  formatDateFilter,
  sortByLogTimeAscending,
  TestId,
  type SystemLogEntry,
  type ThresholdAttributeType,
} from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { ATTRIBUTE_LABEL_KEYS } from '../../lib/i18n';
import { FilterMenu } from './components/FilterMenu';
import { LogTable } from './components/LogTable';
import { severityColor, systemLogColumns } from './logColumns';
import { ATTRIBUTE_TYPES } from './systemLogFilter';
import { useLogPages } from './useLogPages';
import { useServerTime } from './useServerTime';

const PAGE_SIZE = 100;

export interface DeviceLogDialogProps {
  readonly environmentId: number;
  readonly device: { readonly id: number; readonly name: string } | null;
  readonly onClose: () => void;
}

/**
 * One device's system log, as the spec asks for it (device_ids, device_attribute_types,
 * object_id, end_date: today on the server's clock, a date as section 5 writes it) and shows
 * it: sorted ascending by log_time, so earlier entries are loaded above, at the start.
 */
export function DeviceLogDialog({ environmentId, device, onClose }: DeviceLogDialogProps) {
  const { t } = useTranslation();
  const [types, setTypes] = useState<ThresholdAttributeType[]>([]);
  const serverTime = useServerTime();
  const pages = useLogPages<SystemLogEntry>(
    async (olderThan, signal) => {
      if (!device) return [];
      const answer = await api.call(
        API.logs.systemLogs,
        {
          params: { environmentId },
          query: {
            device_ids: [device.id],
            page_size: PAGE_SIZE,
            end_date: formatDateFilter([new Date(serverTime()).toISOString().slice(0, 10)]),
            ...(types.length ? { device_attribute_types: types } : {}),
            ...(olderThan ? { object_id: olderThan } : {}),
          },
        },
        { signal },
      );
      return answer.system_logs;
    },
    `${environmentId}/${device?.id ?? 0}/${types.join(',')}`,
    { pageSize: PAGE_SIZE },
  );
  return (
    <Dialog
      isOpen={device !== null}
      onClose={onClose}
      title={t('logs.device.title', { name: device?.name ?? '' })}
      icon="history"
      style={{ width: 980 }}
    >
      <DialogBody className="logs-device">
        <div className="logs-toolbar" data-testid={TestId.logs.deviceLog}>
          <FilterMenu
            name="types"
            labelKey="logs.columns.attribute"
            options={ATTRIBUTE_TYPES.map((value) => ({ value, labelKey: ATTRIBUTE_LABEL_KEYS[value] }))}
            selected={types}
            onChange={setTypes}
          />
          <span className="bp6-text-muted">{t('logs.device.order')}</span>
        </div>
        <LogTable
          columns={systemLogColumns(t).filter((column) => column.key !== 'device')}
          entries={sortByLogTimeAscending(pages.entries)}
          loading={pages.loading}
          error={pages.error}
          hasMore={pages.hasMore}
          onLoadOlder={pages.loadOlder}
          accentOf={(entry) => severityColor(entry.severity)}
          emptyKey="logs.device.empty"
          olderAt="start"
        />
      </DialogBody>
      <DialogFooter actions={<Button text={t('common.actions.close')} onClick={onClose} />} />
    </Dialog>
  );
}
