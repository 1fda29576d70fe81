import './versions.css';
import { Button, Callout, HTMLTable, NonIdealState, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { API, can, TestId, type VersionDefinition } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAlert } from '../../crud';
import { api, errorDetail, errorMessage, useApiValue } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSessionSubject } from '../../lib/session';
import { VersionUploadDialog } from './components/VersionUploadDialog';
import { formatBytes } from './versionFormat';
import { Timestamp } from '../../lib/time-zone';

/**
 * /admin/versions-management: the firmware version definitions the environment's devices may
 * be pinned to (its own and those of the environments above it); a meta file adds one
 * (admin update-all), a definition no device is pinned to can be deleted (admin delete-all).
 */
export function VersionsPage() {
  const { t } = useTranslation();
  const { subject, environmentId } = useSessionSubject();
  const definitions = useApiValue<readonly VersionDefinition[]>(
    async (signal) =>
      (await api.call(API.versions.list, { params: { environmentId } }, { signal })).version_definitions,
    String(environmentId),
  );
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<VersionDefinition | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<unknown>(null);
  const canAdd = can(subject, 'versions.add');
  const canDelete = can(subject, 'versions.delete');

  const remove = () => {
    if (!deleting) return;
    setBusy(true);
    setDeleteFailure(null);
    api
      .call(API.versions.remove, { params: { environmentId, id: deleting.id } }, { discardAnswer: true })
      .then(() => {
        notifySuccess(t('versions.page.deleted'));
        setDeleting(null);
        definitions.reload();
      })
      .catch((error: unknown) => setDeleteFailure(error))
      .finally(() => setBusy(false));
  };
  const rows = definitions.value ?? [];
  return (
    <section className="versions-screen">
      <div className="versions-toolbar">
        <Tooltip content={t('crud.list.noPermission')} disabled={canAdd}>
          <Button
            intent="primary"
            icon="upload"
            text={t('versions.upload.open')}
            disabled={!canAdd}
            onClick={() => setUploading(true)}
            data-testid={TestId.versions.upload}
          />
        </Tooltip>
      </div>
      {definitions.error !== null ? (
        <Callout intent="danger" icon="error" role="alert">
          {errorMessage(t, definitions.error)}
        </Callout>
      ) : definitions.loading && !definitions.value ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <div data-testid={TestId.versions.empty}>
          <NonIdealState
            icon="git-branch"
            title={t('versions.empty.title')}
            description={t('versions.empty.description')}
          />
        </div>
      ) : (
        <HTMLTable compact striped className="versions-table">
          <thead>
            <tr>
              <th>{t('versions.fields.deviceModel')}</th>
              <th>{t('versions.fields.officialVersion')}</th>
              <th>{t('versions.fields.baseVersion')}</th>
              <th>{t('versions.fields.coreVersion')}</th>
              <th>{t('versions.fields.webVersion')}</th>
              <th>{t('versions.fields.imageSize')}</th>
              <th>{t('versions.fields.imageSha256')}</th>
              <th>{t('versions.fields.description')}</th>
              <th>{t('versions.fields.addedAt')}</th>
              <th aria-label={t('versions.page.actions')} />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const definition = row.version_definition;
              return (
                <tr key={row.id} data-testid={TestId.versions.row(row.id)}>
                  <td>{definition.device_model}</td>
                  <td dir="ltr">
                    <strong>{definition.official_version}</strong>
                  </td>
                  <td dir="ltr">{definition.base_version}</td>
                  <td dir="ltr">{definition.core_version}</td>
                  <td dir="ltr">{definition.web_version}</td>
                  <td dir="ltr">{formatBytes(definition.image_size)}</td>
                  <td>
                    <Tooltip content={t('versions.page.copyChecksum')}>
                      <Button
                        minimal
                        size="small"
                        className="versions-checksum"
                        text={`${definition.image_sha256.slice(0, 12)}…`}
                        onClick={() =>
                          void copyText(definition.image_sha256).then(
                            () => notifySuccess(t('versions.page.checksumCopied')),
                            () => notifyError(t('errors.general')),
                          )
                        }
                      />
                    </Tooltip>
                  </td>
                  <td dir="auto">{definition.description ?? ''}</td>
                  <td dir="ltr" className="versions-time">
                    <Timestamp iso={row.created_at} />
                  </td>
                  <td>
                    {row.inherited ? (
                      <Tooltip content={t('versions.page.inheritedHelp')}>
                        <Tag minimal icon="arrow-down">
                          {t('versions.page.inherited', { environment: row.environment_name })}
                        </Tag>
                      </Tooltip>
                    ) : (
                      <Tooltip content={t('crud.list.noPermission')} disabled={canDelete}>
                        <Button
                          minimal
                          size="small"
                          intent="danger"
                          icon="trash"
                          aria-label={t('versions.page.delete')}
                          disabled={!canDelete}
                          onClick={() => {
                            setDeleteFailure(null);
                            setDeleting(row);
                          }}
                          data-testid={TestId.versions.delete(row.id)}
                        />
                      </Tooltip>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      <VersionUploadDialog
        isOpen={uploading}
        environmentId={environmentId}
        onClose={() => setUploading(false)}
        onUploaded={() => {
          setUploading(false);
          definitions.reload();
        }}
      />
      <ConfirmAlert
        isOpen={deleting !== null}
        busy={busy}
        icon="trash"
        intent="danger"
        confirmText={t('versions.page.delete')}
        cancelText={t('versions.upload.cancel')}
        testId={TestId.versions.deleteConfirm}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        <p>
          {t('versions.page.deleteBody', {
            model: deleting?.version_definition.device_model ?? '',
            version: deleting?.version_definition.official_version ?? '',
          })}
        </p>
        {deleteFailure !== null && (
          <Callout intent="danger" icon="error" role="alert" data-testid={TestId.versions.error}>
            {errorMessage(t, deleteFailure)}
            {errorDetail(t, deleteFailure) && <div>{errorDetail(t, deleteFailure)}</div>}
          </Callout>
        )}
      </ConfirmAlert>
    </section>
  );
}
