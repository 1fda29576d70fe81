import { Spinner } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { useObservableValue } from '../../../lib/realtime';

/** Spins while any API call is in flight. */
export function GlobalLoading() {
  const { t } = useTranslation();
  const pending = useObservableValue(api.pending$, 0);
  return (
    <span className="global-loading" aria-live="polite">
      {pending > 0 && (
        <span data-testid={TestId.shell.loading} role="progressbar" aria-label={t('shell.loading.label')}>
          <Spinner size={16} />
        </span>
      )}
    </span>
  );
}
