import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable } from '@blueprintjs/core';
import { API, parseVersionMetaFile, TestId, VERSION_META_FILE_MAX_BYTES, type MetaFileResult } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { formatBytes } from '../versionFormat';

export interface VersionUploadDialogProps {
  readonly isOpen: boolean;
  readonly environmentId: number;
  readonly onClose: () => void;
  readonly onUploaded: () => void;
}

/**
 * Adds a firmware version definition from its meta file: the file is read and checked here by
 * the same rules the server applies, its contents shown before anything is sent.
 */
export function VersionUploadDialog({ isOpen, environmentId, onClose, onUploaded }: VersionUploadDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<MetaFileResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const reset = () => {
    setFile(null);
    setParsed(null);
    setFailure(null);
  };
  const choose = (chosen: File | undefined) => {
    setFailure(null);
    setFile(chosen ?? null);
    setParsed(null);
    if (!chosen) return;
    if (chosen.size > VERSION_META_FILE_MAX_BYTES) {
      setParsed(parseVersionMetaFile(null));
      return;
    }
    void chosen.text().then(
      (text) => setParsed(parseVersionMetaFile(text, chosen.name)),
      () => setParsed(parseVersionMetaFile(null)),
    );
  };
  const upload = () => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    api
      .call(API.versions.upload, { params: { environmentId } }, { file, discardAnswer: true })
      .then(() => {
        notifySuccess(t('versions.page.uploaded'));
        reset();
        onUploaded();
      })
      .catch((error: unknown) => setFailure(error))
      .finally(() => setBusy(false));
  };
  const meta = parsed?.ok ? parsed.value : null;
  const rows: [string, string][] = meta
    ? [
        ['versions.fields.deviceModel', meta.device_model],
        ['versions.fields.officialVersion', meta.official_version],
        ['versions.fields.baseVersion', meta.base_version],
        ['versions.fields.coreVersion', meta.core_version],
        ['versions.fields.webVersion', meta.web_version],
        ['versions.fields.imageSize', formatBytes(meta.image_size)],
        ['versions.fields.imageSha256', meta.image_sha256],
        ['versions.fields.description', meta.description ?? ''],
      ]
    : [];
  return (
    <Dialog
      isOpen={isOpen}
      onClose={() => {
        reset();
        onClose();
      }}
      title={t('versions.upload.title')}
      icon="upload"
      style={{ width: 560 }}
    >
      <DialogBody data-testid={TestId.versions.dialog}>
        <p>{t('versions.upload.description')}</p>
        <FileInput
          fill
          text={file?.name ?? t('versions.upload.choose')}
          buttonText={t('versions.upload.browse')}
          inputProps={{ accept: '.json,.meta,application/json', 'aria-label': t('versions.fields.metaFile') }}
          onInputChange={(event) => choose(event.currentTarget.files?.[0])}
          data-testid={TestId.versions.file}
        />
        {parsed && !parsed.ok && (
          <Callout intent="danger" icon="error" className="versions-callout" data-testid={TestId.versions.invalid}>
            {t(parsed.key)}
          </Callout>
        )}
        {meta && (
          <HTMLTable compact className="versions-preview" data-testid={TestId.versions.preview}>
            <tbody>
              {rows.map(([labelKey, value]) => (
                <tr key={labelKey}>
                  <th>{t(labelKey)}</th>
                  <td dir="ltr">{value}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        {failure !== null && (
          <Callout
            intent="danger"
            icon="error"
            className="versions-callout"
            role="alert"
            data-testid={TestId.versions.error}
          >
            {errorMessage(t, failure)}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={t('versions.upload.cancel')}
              onClick={() => {
                reset();
                onClose();
              }}
            />
            <Button
              intent="primary"
              icon="upload"
              text={t('versions.upload.submit')}
              disabled={!meta}
              loading={busy}
              onClick={upload}
              data-testid={TestId.versions.submit}
            />
          </>
        }
      />
    </Dialog>
  );
}
