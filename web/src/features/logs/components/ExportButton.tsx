import { TestId, type Locale } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components';
import type { DownloadedFile } from '../../../lib/api';

/**
 * Exports everything the filters select (not only the loaded page) as CSV: the server streams
 * it, with each code's label in the reader's language, and the browser saves it under the name
 * the answer gives.
 */
export function ExportButton({ download }: { readonly download: (lang: Locale) => Promise<DownloadedFile> }) {
  const { t } = useTranslation();
  return (
    <DownloadButton
      download={download}
      text={t('logs.list.export')}
      busyText={t('logs.list.exporting')}
      fileName="export.csv"
      testId={TestId.logs.export}
    />
  );
}
