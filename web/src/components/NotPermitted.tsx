import { NonIdealState } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';

/** What a user without the view permission sees instead of a screen (spec section 2). */
export function NotPermitted() {
  const { t } = useTranslation();
  return (
    <div data-testid={TestId.shell.notPermitted} className="page-state">
      <NonIdealState icon="lock" title={t('shell.notPermitted.title')} description={t('shell.notPermitted.message')} />
    </div>
  );
}
