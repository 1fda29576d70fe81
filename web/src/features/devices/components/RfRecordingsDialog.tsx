import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { API, RF_RECORDINGS_LIST_MAX, TestId, type Device, type RfRecording } from '@halo/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile, api, errorMessageKey } from '../../../lib/api';
import { Timestamp } from '../../../lib/time-zone';

export interface RfRecordingsDialogProps {
  /** Mounted per device (keyed by its id), so every opening starts afresh. */
  readonly device: Device;
  readonly environmentId: number;
  readonly onClose: () => void;
}

type Loaded =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly errorKey: string }
  | { readonly kind: 'loaded'; readonly recordings: readonly RfRecording[]; readonly truncated: boolean };

/** A device's RF recordings: pick some, download them as one file named by content-disposition. */
export function RfRecordingsDialog({ device, environmentId, onClose }: RfRecordingsDialogProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [downloading, setDownloading] = useState(false);
  const [downloadErrorKey, setDownloadErrorKey] = useState<string | null>(null);
  const deviceId = device.id;

  useEffect(() => {
    const controller = new AbortController();
    api
      .call(
        API.rfRecordings.list,
        { params: { environmentId }, query: { device_id: deviceId } },
        { signal: controller.signal },
      )
      .then((answer) =>
        setLoaded({ kind: 'loaded', recordings: answer.rf_recordings, truncated: answer.truncated === true }),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ kind: 'failed', errorKey: errorMessageKey(error) });
      });
    return () => controller.abort();
  }, [deviceId, environmentId]);

  const download = async () => {
    setDownloading(true);
    setDownloadErrorKey(null);
    try {
      const { blob, fileName } = await api.call(API.rfRecordings.download, {
        params: { environmentId },
        body: { report_uuids: [...selected], device_id: deviceId },
      });
      saveFile(blob, fileName ?? `rf-recordings-${deviceId}.zip`);
    } catch (error) {
      setDownloadErrorKey(errorMessageKey(error));
    } finally {
      setDownloading(false);
    }
  };

  const toggle = (uuid: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });

  let body;
  if (loaded.kind === 'loading') body = <Spinner size={32} />;
  else if (loaded.kind === 'failed')
    body = (
      <Callout intent="danger" icon="error">
        <span data-testid={TestId.devices.rfError}>{t(loaded.errorKey)}</span>
      </Callout>
    );
  else if (loaded.recordings.length === 0)
    body = (
      <NonIdealState icon="record" title={<span data-testid={TestId.devices.rfEmpty}>{t('devices.rf.empty')}</span>} />
    );
  else {
    const all = loaded.recordings.every((recording) => selected.has(recording.report_uuid));
    body = (
      <>
        {loaded.truncated && (
          <Callout intent="primary" compact className="devices-rf-truncated">
            <span data-testid={TestId.devices.rfTruncated}>
              {t('devices.rf.truncated', { count: RF_RECORDINGS_LIST_MAX })}
            </span>
          </Callout>
        )}
        <HTMLTable compact striped interactive className="devices-rf-table">
          <thead>
            <tr>
              <th>
                <Checkbox
                  checked={all}
                  aria-label={t('devices.rf.selectAll')}
                  onChange={() =>
                    setSelected(all ? new Set() : new Set(loaded.recordings.map((recording) => recording.report_uuid)))
                  }
                />
              </th>
              <th>{t('devices.rf.deviceName')}</th>
              <th>{t('devices.rf.serial')}</th>
              <th>{t('devices.rf.start')}</th>
              <th>{t('devices.rf.end')}</th>
              <th>{t('devices.rf.uuid')}</th>
            </tr>
          </thead>
          <tbody>
            {loaded.recordings.map((recording) => (
              <tr key={recording.report_uuid} data-testid={TestId.devices.rfRecording(recording.report_uuid)}>
                <td>
                  <Checkbox
                    checked={selected.has(recording.report_uuid)}
                    aria-label={recording.report_uuid}
                    onChange={() => toggle(recording.report_uuid)}
                  />
                </td>
                <td>{recording.device_name}</td>
                <td>{recording.serial}</td>
                <td dir="ltr">
                  <Timestamp iso={recording.start_time} />
                </td>
                <td dir="ltr">
                  <Timestamp iso={recording.end_time} />
                </td>
                <td className="devices-rf-uuid">{recording.report_uuid}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </>
    );
  }

  return (
    <Dialog
      isOpen
      title={t('devices.rf.title', { name: device.name })}
      onClose={() => {
        if (!downloading) onClose();
      }}
      style={{ width: 800 }}
    >
      <DialogBody>
        <div data-testid={TestId.devices.rfDialog}>
          {downloadErrorKey && (
            <Callout intent="danger" icon="error" className="devices-rf-error">
              <span data-testid={TestId.devices.rfError}>{t(downloadErrorKey)}</span>
            </Callout>
          )}
          {body}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('crud.actions.cancel')} disabled={downloading} onClick={onClose} />
            <Button
              intent="primary"
              icon="download"
              text={t('devices.rf.download', { count: selected.size })}
              loading={downloading}
              disabled={selected.size === 0}
              onClick={() => void download()}
              data-testid={TestId.devices.rfDownload}
            />
          </>
        }
      />
    </Dialog>
  );
}
