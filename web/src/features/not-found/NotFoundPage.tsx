import { NonIdealState } from '@blueprintjs/core';
import { ROUTES, TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '../../components';

/** Any unmatched path (the gateway answers it with HTTP 404 and this app). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="auth-layout" data-testid={TestId.notFound.page}>
      <NonIdealState
        icon={<Logo compact />}
        title={t('notFound.page.title')}
        description={t('notFound.page.message')}
        action={
          <Link to={ROUTES.home} data-testid={TestId.notFound.homeLink} className="bp6-button bp6-intent-primary">
            {t('notFound.page.homeLink')}
          </Link>
        }
      />
    </main>
  );
}
