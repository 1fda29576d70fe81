import { Button } from '@blueprintjs/core';
import { DEFAULT_LOCALE, type Locale } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, saveFile, type DownloadedFile } from '../lib/api';
import { isLocale } from '../lib/i18n';
import { notifyError } from '../lib/notify';

export interface DownloadButtonProps {
  /** Asks the server for the file, in the reader's language. */
  readonly download: (lang: Locale) => Promise<DownloadedFile>;
  readonly text: string;
  readonly busyText: string;
  /** The name to save under when the answer gives none. */
  readonly fileName: string;
  readonly disabled?: boolean;
  readonly testId?: string;
}

/**
 * A CSV the server writes (a log's, a report's): asked for in the reader's language, saved
 * under the name the answer gives; a refusal says why in a toast.
 */
export function DownloadButton({ download, text, busyText, fileName, disabled, testId }: DownloadButtonProps) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon="download"
      text={busy ? busyText : text}
      loading={busy}
      disabled={disabled}
      onClick={() => {
        setBusy(true);
        download(isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE)
          .then((file) => saveFile(file.blob, file.fileName ?? fileName))
          .catch((error: unknown) => notifyError(errorMessage(t, error)))
          .finally(() => setBusy(false));
      }}
      data-testid={testId}
    />
  );
}
