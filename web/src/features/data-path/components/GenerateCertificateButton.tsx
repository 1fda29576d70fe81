import { Button } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { useDataPathLists } from '../dataPathContext';

/** The profiles toolbar's way into certificate generation (there must be a profile to issue from). */
export function GenerateCertificateButton() {
  const { t } = useTranslation();
  const { profiles, openCertificateDialog } = useDataPathLists();
  const reason = !openCertificateDialog
    ? t('crud.list.noPermission')
    : profiles.length === 0
      ? t('dataPath.certificate.noProfiles')
      : undefined;
  return (
    <Button
      icon="key"
      text={t('dataPath.certificate.open')}
      disabled={reason !== undefined}
      title={reason}
      onClick={() => openCertificateDialog?.()}
      data-testid={TestId.dataPath.generateCertificate}
    />
  );
}
