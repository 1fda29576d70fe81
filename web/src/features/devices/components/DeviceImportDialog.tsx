import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable, Icon } from '@blueprintjs/core';
import { API, isCsvFile, TestId, THEME_COLORS } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile, api, errorMessageKey } from '../../../lib/api';

import {
  DEVICE_IMPORT_TEMPLATE,
  importSummary,
  reportErrorText,
  reportLine,
  type ImportReportRow,
} from '../deviceImportReport';

export interface DeviceImportDialogProps {
  readonly isOpen: boolean;
  readonly environmentId: number;
  readonly onClose: () => void;
  /** After an import that created at least one device: the list is fetched again. */
  readonly onImported: () => void;
}

/** CSV import (spec section 5): a CSV file sent as multipart form data, then the report per row. */
export function DeviceImportDialog({ isOpen, environmentId, onClose, onImported }: DeviceImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [report, setReport] = useState<readonly ImportReportRow[] | null>(null);

  const reset = () => {
    setFile(null);
    setErrorKey(null);
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
    setReport(null);
    try {
      const answer = await api.call(API.devices.import, { params: { environmentId } }, { file });
      setReport(answer.report);
      if (answer.report.some((row) => row.success)) onImported();
    } catch (error) {
      setErrorKey(errorMessageKey(error));
    } finally {
      setBusy(false);
    }
  };

  const summary = report ? importSummary(report) : null;

  return (
    <Dialog
      isOpen={isOpen}
      title={t('devices.import.title')}
      onClose={() => {
        if (busy) return;
        reset();
        onClose();
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
          <FileInput
            fill
            text={file?.name ?? t('devices.import.choose')}
            buttonText={t('devices.import.browse')}
            hasSelection={file !== null}
            inputProps={{ accept: '.csv,text/csv', 'data-testid': TestId.devices.importFile } as never}
            onInputChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setErrorKey(null);
              setReport(null);
            }}
          />
          {errorKey && (
            <Callout intent="danger" icon="error" className="devices-import-error">
              <span data-testid={TestId.devices.importError}>{t(errorKey)}</span>
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
                      <td>{row.name}</td>
                      <td>{row.pairing_id}</td>
                      <td>
                        <Icon
                          icon={row.success ? 'tick-circle' : 'error'}
                          color={row.success ? THEME_COLORS.online : THEME_COLORS.offline}
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
          <>
            <Button
              text={t('crud.actions.cancel')}
              disabled={busy}
              onClick={() => {
                reset();
                onClose();
              }}
            />
            <Button
              intent="primary"
              text={t('devices.import.submit')}
              loading={busy}
              disabled={file === null}
              onClick={() => void submit()}
              data-testid={TestId.devices.importSubmit}
            />
          </>
        }
      />
    </Dialog>
  );
}
