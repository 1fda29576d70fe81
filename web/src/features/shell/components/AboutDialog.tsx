import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, Spinner } from '@blueprintjs/core';
import {
  API,
  COPY_SNACKBAR_TIMEOUT_MS,
  LAYOUT_SIZES,
  TestId,
  VERSION_COMPONENTS,
  type VersionComponent,
  type Versions,
} from '@halo/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { copyText } from '../../../lib/clipboard';

/** Static label keys per component. */
const COMPONENT_LABEL_KEYS: Record<VersionComponent, string> = {
  analyzer: 'shell.about.analyzer',
  auth: 'shell.about.auth',
  ca: 'shell.about.ca',
  config: 'shell.about.config',
  monitoring: 'shell.about.monitoring',
  ui: 'shell.about.ui',
};

export function versionOf(versions: Versions, component: VersionComponent): string | undefined {
  return component === 'ui' ? __HALO_UI_VERSION__ : versions.internal[component];
}

export interface AboutDialogProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
}

export function AboutDialog({ isOpen, onClose }: AboutDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('shell.about.title')}
      icon="info-sign"
      style={{ width: LAYOUT_SIZES.dialogWidths.default }}
    >
      <div data-testid={TestId.about.dialog}>
        <DialogBody>
          <AboutVersions />
        </DialogBody>
        <DialogFooter actions={<Button onClick={onClose}>{t('common.actions.close')}</Button>} />
      </div>
    </Dialog>
  );
}

/** Mounted while the dialog is open, so each opening asks again. */
function AboutVersions() {
  const { t } = useTranslation();
  const [versions, setVersions] = useState<Versions | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.call(API.system.versions, {}, { signal: controller.signal }).then(setVersions, (error: unknown) => {
      if (controller.signal.aborted) return;
      notifyError(errorMessage(t, error));
      setVersions({ official: '', internal: {} });
    });
    return () => controller.abort();
  }, [t]);

  if (!versions) {
    return (
      <div className="about-loading">
        <Spinner size={20} />
        <span>{t('shell.about.loading')}</span>
      </div>
    );
  }

  const copy = (value: string) => {
    copyText(value).then(
      () => notifySuccess(t('shell.about.copied'), COPY_SNACKBAR_TIMEOUT_MS),
      () => notifyError(t('errors.general')),
    );
  };
  const versionButton = (key: string, value: string | undefined) => (
    <Button
      variant="minimal"
      size="small"
      data-testid={TestId.about.version(key)}
      disabled={!value}
      onClick={() => value && copy(value)}
      icon={value ? 'duplicate' : undefined}
      dir="ltr"
    >
      {value || t('shell.about.missing')}
    </Button>
  );

  return (
    <>
      <HTMLTable compact className="about-table">
        <tbody>
          <tr>
            <th>{t('shell.about.official')}</th>
            <td>{versionButton('official', versions.official)}</td>
          </tr>
          {VERSION_COMPONENTS.map((component) => (
            <tr key={component}>
              <th>{t(COMPONENT_LABEL_KEYS[component])}</th>
              <td>{versionButton(component, versionOf(versions, component))}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <p className="bp6-text-muted">{t('shell.about.copyHint')}</p>
    </>
  );
}
