import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Screens that later versions build: say so plainly rather than show a fake. */
export function NotAvailableYet() {
  const { t } = useTranslation();
  return (
    <div className="page-state" data-testid="not-available-yet">
      <NonIdealState icon="build" title={t('shell.notAvailable.title')} description={t('shell.notAvailable.message')} />
    </div>
  );
}
