import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { API, ROUTES, TestId } from '@halo/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api, errorMessage } from '../../lib/api';

type Progress = { step: 'form'; error: unknown } | { step: 'sending' } | { step: 'done' };

/**
 * Asks for an address. The answer is the same whether or not an account has it, so the
 * screen never tells who has an account here.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [progress, setProgress] = useState<Progress>({ step: 'form', error: null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProgress({ step: 'sending' });
    api.call(API.auth.forgot, { body: { email: email.trim() } }).then(
      () => setProgress({ step: 'done' }),
      (error: unknown) => setProgress({ step: 'form', error }),
    );
  };

  if (progress.step === 'done') {
    return (
      <div className="auth-form">
        <h2 className="bp6-heading">{t('forgotPassword.page.title')}</h2>
        <Callout intent="success" icon="envelope" data-testid={TestId.forgot.done}>
          {t('forgotPassword.form.done')}
        </Callout>
        <div className="auth-actions">
          <Link to={ROUTES.login}>{t('common.actions.backToLogin')}</Link>
        </div>
      </div>
    );
  }

  return (
    <form data-testid={TestId.forgot.form} className="auth-form" onSubmit={submit}>
      <h2 className="bp6-heading">{t('forgotPassword.page.title')}</h2>
      <p>{t('forgotPassword.form.intro')}</p>
      <FormGroup label={t('forgotPassword.form.email')} labelFor="forgot-email">
        <InputGroup
          id="forgot-email"
          type="email"
          data-testid={TestId.forgot.email}
          value={email}
          onValueChange={setEmail}
          leftIcon="envelope"
          autoComplete="email"
          required
          autoFocus
        />
      </FormGroup>
      {progress.step === 'form' && progress.error !== null && (
        <Callout intent="danger" icon="error" className="auth-error" role="alert">
          {errorMessage(t, progress.error)}
        </Callout>
      )}
      <div className="auth-actions">
        <Link to={ROUTES.login}>{t('common.actions.backToLogin')}</Link>
        <Button type="submit" intent="primary" loading={progress.step === 'sending'} data-testid={TestId.forgot.submit}>
          {t('forgotPassword.form.submit')}
        </Button>
      </div>
    </form>
  );
}
