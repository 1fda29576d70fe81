import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, H6, HTMLTable } from '@blueprintjs/core';
import {
  ApiError,
  API,
  isRequiredMetaFileKey,
  metaFileProblemsOf,
  readVersionMetaFile,
  SAMPLE_VERSION_META_FILE_NAME,
  sampleVersionMetaFileText,
  TestId,
  VERSION_META_FILE_KEYS,
  VERSION_META_FILE_MAX_BYTES,
  type MetaFileProblem,
  type MetaFileResult,
} from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, saveFile } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { metaFileFormatText, metaFileProblemText } from '../metaFileProblemText';
import { formatBytes } from '../versionFormat';

/** The problems a refusal names (error 1 on the meta file's keys), if it names any. */
const refusedProblems = (error: unknown): MetaFileProblem[] =>
  ApiError.is(error) ? metaFileProblemsOf(error.body.fields) : [];

/** What is wrong with a meta file, a line each, under the section 5 message. */
function MetaFileProblems({
  problems,
  testId,
}: {
  readonly problems: readonly MetaFileProblem[];
  readonly testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Callout intent="danger" icon="error" className="versions-callout" role="alert" data-testid={testId}>
      {t('validation.invalidMetaFile')}
      <ul className="versions-problems">
        {problems.map((problem) => (
          <li key={`${problem.kind}:${problem.key ?? ''}`}>{metaFileProblemText(t, problem)}</li>
        ))}
      </ul>
    </Callout>
  );
}

/** The format of a meta file, from the shared schema, with a sample made from it to download. */
function MetaFileFormat() {
  const { t } = useTranslation();
  return (
    <div className="versions-format">
      <H6>{t('versions.upload.formatTitle')}</H6>
      <HTMLTable compact className="versions-format-table" data-testid={TestId.versions.format}>
        <tbody>
          {VERSION_META_FILE_KEYS.map((key) => (
            <tr key={key}>
              <th dir="ltr">
                <code>{key}</code>
              </th>
              <td>
                {metaFileFormatText(t, key)}
                {!isRequiredMetaFileKey(key) && (
                  <span className="bp6-text-muted"> {t('versions.upload.optional')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Button
        variant="minimal"
        icon="download"
        text={t('versions.upload.sample')}
        onClick={() =>
          saveFile(new Blob([sampleVersionMetaFileText()], { type: 'application/json' }), SAMPLE_VERSION_META_FILE_NAME)
        }
        data-testid={TestId.versions.sample}
      />
    </div>
  );
}

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
    // Not read at all past the limit: the size says it.
    const bytes =
      chosen.size > VERSION_META_FILE_MAX_BYTES
        ? Promise.resolve(new Uint8Array(VERSION_META_FILE_MAX_BYTES + 1))
        : chosen.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    void bytes.then(
      (read) => setParsed(readVersionMetaFile(read, chosen.name)),
      () => setParsed(readVersionMetaFile(new Uint8Array([0]), chosen.name)),
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
        {parsed && !parsed.ok && <MetaFileProblems problems={parsed.problems} testId={TestId.versions.invalid} />}
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
        {failure !== null && refusedProblems(failure).length > 0 && (
          <MetaFileProblems problems={refusedProblems(failure)} testId={TestId.versions.error} />
        )}
        {failure !== null && refusedProblems(failure).length === 0 && (
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
        <MetaFileFormat />
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
