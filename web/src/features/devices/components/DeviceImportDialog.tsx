import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable, Icon } from '@blueprintjs/core';
import { API, isCsvFile, TestId, type ErrorDetail } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile, api, errorDetailOf, errorMessageKey } from '../../../lib/api';

import {
  DEVICE_IMPORT_TEMPLATE,
  importReportCsv,
  importSummary,
  reportErrorText,
  reportLine,
  type ImportReportRow,
} from '../deviceImportReport';
import { STATUS_TEXT_COLORS } from '../../../lib/theme';

export interface DeviceImportDialogProps {
  readonly isOpen: boolean;
  readonly environmentId: number;
  readonly onClose: () => void;
  /** After an import that created at least one device: the list is fetched again. */
  readonly onImported: () => void;
}

/**
 * CSV import (spec section 5): a CSV file sent as multipart form data, then the report per row.
 * A finished import offers Close or another file, never the same file again: its good rows
 * now exist, and a second import would report every row as failed.
 */
export function DeviceImportDialog({ isOpen, environmentId, onClose, onImported }: DeviceImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  // What explains a refusal, e.g. the device limit and how many devices are left (error 54).
  const [errorLine, setErrorLine] = useState<ErrorDetail | null>(null);
  const [report, setReport] = useState<readonly ImportReportRow[] | null>(null);

  const reset = () => {
    setFile(null);
    setErrorKey(null);
    setErrorLine(null);
    setReport(null);
  };

  const submit = async () => {
    if (!file) return;
    if (!isCsvFile(file)) {
      setErrorKey('validation.invalidFileType');
      return;
    }
    setBusy(true);
    setErrorKey(null);
    setErrorLine(null);
    setReport(null);
    try {
      const answer = await api.call(API.devices.import, { params: { environmentId } }, { file });
      setReport(answer.report);
      if (answer.report.some((row) => row.success)) onImported();
    } catch (error) {
      setErrorKey(errorMessageKey(error));
      setErrorLine(errorDetailOf(error));
    } finally {
      setBusy(false);
    }
  };

  const summary = report ? importSummary(report) : null;
  const close = () => {
    reset();
    onClose();
  };

  return (
    <Dialog
      isOpen={isOpen}
      title={t('devices.import.title')}
      onClose={() => {
        if (!busy) close();
      }}
      style={{ width: 640 }}
    >
      <DialogBody>
        <div data-testid={TestId.devices.importDialog}>
          <p>{t('devices.import.description')}</p>
          <Button
            variant="minimal"
            icon="download"
            text={t('devices.import.template')}
            onClick={() => saveFile(new Blob([DEVICE_IMPORT_TEMPLATE], { type: 'text/csv' }), 'devices-template.csv')}
            data-testid={TestId.devices.importTemplate}
          />
          {!report && (
            <FileInput
              fill
              text={file?.name ?? t('devices.import.choose')}
              buttonText={t('devices.import.browse')}
              hasSelection={file !== null}
              inputProps={{ accept: '.csv,text/csv', 'data-testid': TestId.devices.importFile } as never}
              onInputChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                setErrorKey(null);
                setErrorLine(null);
                setReport(null);
              }}
            />
          )}
          {errorKey && (
            <Callout intent="danger" icon="error" className="devices-import-error">
              <span data-testid={TestId.devices.importError}>{t(errorKey)}</span>
              {errorLine && (
                <div data-testid={TestId.devices.importErrorDetail}>{t(errorLine.key, errorLine.params)}</div>
              )}
            </Callout>
          )}
          {report && summary && (
            <div className="devices-import-report">
              <p>{t('devices.import.summary', { created: summary.created, failed: summary.failed })}</p>
              <HTMLTable compact striped data-testid={TestId.devices.importReport}>
                <thead>
                  <tr>
                    <th>{t('devices.import.row')}</th>
                    <th>{t('devices.columns.name')}</th>
                    <th>{t('devices.columns.pairingId')}</th>
                    <th>{t('devices.import.success')}</th>
                    <th>{t('devices.import.error')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.map((row, index) => (
                    <tr key={index} data-testid={TestId.devices.importReportRow(reportLine(row, index))}>
                      <td>{reportLine(row, index)}</td>
                      <td className="devices-import-id">{row.name}</td>
                      <td className="devices-import-id">{row.pairing_id}</td>
                      <td>
                        <Icon
                          icon={row.success ? 'tick-circle' : 'error'}
                          color={row.success ? STATUS_TEXT_COLORS.online : STATUS_TEXT_COLORS.offline}
                          title={t(row.success ? 'devices.import.yes' : 'devices.import.no')}
                        />
                      </td>
                      <td>{reportErrorText(t, row)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          report ? (
            <>
              <Button
                icon="download"
                text={t('devices.import.downloadReport')}
                onClick={() =>
                  saveFile(
                    new Blob([importReportCsv(t, report)], { type: 'text/csv;charset=utf-8' }),
                    'device-import-report.csv',
                  )
                }
                data-testid={TestId.devices.importReportDownload}
              />
              <Button text={t('devices.import.another')} onClick={reset} data-testid={TestId.devices.importAnother} />
              <Button
                intent="primary"
                text={t('devices.import.close')}
                onClick={close}
                data-testid={TestId.devices.importClose}
              />
            </>
          ) : (
            <>
              <Button text={t('crud.actions.cancel')} disabled={busy} onClick={close} />
              <Button
                intent="primary"
                text={t('devices.import.submit')}
                loading={busy}
                disabled={file === null}
                onClick={() => void submit()}
                data-testid={TestId.devices.importSubmit}
              />
            </>
          )
        }
      />
    </Dialog>
  );
}
