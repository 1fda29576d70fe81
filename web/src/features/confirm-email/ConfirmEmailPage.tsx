import { Button, Callout } from '@blueprintjs/core';
import { API, ROUTES, TestId } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { api, errorMessage } from '../../lib/api';
import { ltrIsolate } from '../../lib/i18n';

type Progress = { step: 'asking'; sending: boolean; error: unknown } | { step: 'done'; email: string };

/**
 * Opened from the link mailed to a manager's new address (issue 39, item 1). The address
 * changes on a click, not on opening: a mail scanner that follows links must not confirm it.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const token = useParams().emailToken ?? '';
  const [progress, setProgress] = useState<Progress>({ step: 'asking', sending: false, error: null });

  if (progress.step === 'done') {
    return (
      <div className="auth-form">
        <h2 className="bp6-heading">{t('confirmEmail.page.title')}</h2>
        <Callout intent="success" icon="tick" data-testid={TestId.confirmEmail.done}>
          {t('confirmEmail.done', { email: ltrIsolate(progress.email) })}
        </Callout>
        <div className="auth-actions">
          <Link to={ROUTES.home}>{t('confirmEmail.toConsole')}</Link>
        </div>
      </div>
    );
  }

  const confirm = () => {
    setProgress({ step: 'asking', sending: true, error: null });
    api.call(API.notifications.confirmEmail, { body: { token } }).then(
      (answer) => setProgress({ step: 'done', email: answer.email }),
      (error: unknown) => setProgress({ step: 'asking', sending: false, error }),
    );
  };

  return (
    <div className="auth-form">
      <h2 className="bp6-heading">{t('confirmEmail.page.title')}</h2>
      <p>{t('confirmEmail.intro')}</p>
      {progress.error !== null && (
        <Callout intent="danger" icon="error" role="alert" data-testid={TestId.confirmEmail.error}>
          {errorMessage(t, progress.error)}
        </Callout>
      )}
      <Button
        intent="primary"
        icon="envelope"
        loading={progress.sending}
        onClick={confirm}
        text={t('confirmEmail.confirm')}
        data-testid={TestId.confirmEmail.confirm}
      />
      <div className="auth-actions">
        <Link to={ROUTES.login}>{t('common.actions.backToLogin')}</Link>
      </div>
    </div>
  );
}
