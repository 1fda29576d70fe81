import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** What a screen that throws while rendering shows instead of a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="auth-layout">
      <NonIdealState
        icon="error"
        title={t('app.error.title')}
        description={t('app.error.message')}
        action={
          <AnchorButton href="/" intent="primary">
            {t('app.error.reload')}
          </AnchorButton>
        }
      />
    </main>
  );
}
