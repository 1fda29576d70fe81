import { Button } from '@blueprintjs/core';
import { DEFAULT_LOCALE, TestId, type Locale } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, saveFile, type DownloadedFile } from '../../../lib/api';
import { isLocale } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';

/**
 * Exports everything the filters select (not only the loaded page) as CSV: the server streams
 * it, with each code's label in the reader's language, and the browser saves it under the name
 * the answer gives.
 */
export function ExportButton({ download }: { readonly download: (lang: Locale) => Promise<DownloadedFile> }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon="download"
      text={busy ? t('logs.list.exporting') : t('logs.list.export')}
      loading={busy}
      onClick={() => {
        setBusy(true);
        download(isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE)
          .then((file) => saveFile(file.blob, file.fileName ?? 'export.csv'))
          .catch((error: unknown) => notifyError(errorMessage(t, error)))
          .finally(() => setBusy(false));
      }}
      data-testid={TestId.logs.export}
    />
  );
}
