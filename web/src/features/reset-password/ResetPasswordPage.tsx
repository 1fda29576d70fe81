import { Button, Callout, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { API, ROUTES, TestId, validPassword } from '@halo/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { api, errorMessage } from '../../lib/api';
import { problemText } from '../../lib/i18n';

/** Whose password the link sets: one address may have accounts in several environments. */
interface ResetAccount {
  readonly username: string;
  readonly environment: string;
}

type Progress =
  | { step: 'checking'; token: string }
  | { step: 'invalid'; token: string; error: unknown }
  | { step: 'form'; token: string; account: ResetAccount; error: unknown; sending: boolean }
  | { step: 'done'; token: string };

/**
 * Opened from the e-mailed link: the token is checked first, then a new password is set for
 * the account it names (username and environment).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = useParams().userToken ?? '';
  const [progress, setProgress] = useState<Progress>({ step: 'checking', token });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api.call(API.auth.checkToken, { params: { token } }, { signal: controller.signal }).then(
      (answer) =>
        setProgress({
          step: 'form',
          token,
          account: { username: answer.username, environment: answer.environment_name },
          error: null,
          sending: false,
        }),
      (error: unknown) => {
        if (!controller.signal.aborted) setProgress({ step: 'invalid', token, error });
      },
    );
    return () => controller.abort();
  }, [token]);

  // A new token in the address starts over (the check above answers for it).
  const current: Progress = progress.token === token ? progress : { step: 'checking', token };

  if (current.step === 'checking') {
    return (
      <div className="auth-form">
        <h2 className="bp6-heading">{t('resetPassword.page.title')}</h2>
        <Spinner size={24} />
        <p className="auth-centered">{t('resetPassword.form.checking')}</p>
      </div>
    );
  }
  if (current.step === 'invalid') {
    return (
      <div className="auth-form">
        <h2 className="bp6-heading">{t('resetPassword.page.title')}</h2>
        <Callout intent="danger" icon="error" data-testid={TestId.reset.error} role="alert">
          {errorMessage(t, current.error)}
        </Callout>
        <div className="auth-actions">
          <Link to={ROUTES.forgotPassword}>{t('forgotPassword.page.title')}</Link>
          <Link to={ROUTES.login}>{t('common.actions.backToLogin')}</Link>
        </div>
      </div>
    );
  }
  if (current.step === 'done') {
    return (
      <div className="auth-form">
        <h2 className="bp6-heading">{t('resetPassword.page.title')}</h2>
        <Callout intent="success" icon="tick" data-testid={TestId.reset.done}>
          {t('resetPassword.form.done')}
        </Callout>
        <div className="auth-actions">
          <Link to={ROUTES.login}>{t('common.actions.backToLogin')}</Link>
        </div>
      </div>
    );
  }

  const passwordProblem = validPassword(password, 'password');
  const passwordText = passwordProblem ? problemText(t, passwordProblem, t('common.fields.password')) : null;
  const mismatch = confirm !== '' && confirm !== password;
  const form = current;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (passwordProblem || confirm !== password) return;
    setProgress({ ...form, sending: true, error: null });
    api.call(API.auth.reset, { body: { token, password } }).then(
      () => setProgress({ step: 'done', token }),
      (error: unknown) => setProgress({ ...form, sending: false, error }),
    );
  };

  return (
    <form data-testid={TestId.reset.form} className="auth-form" onSubmit={submit}>
      <h2 className="bp6-heading">{t('resetPassword.page.title')}</h2>
      <p>{t('resetPassword.form.intro')}</p>
      <dl className="reset-account" data-testid={TestId.reset.account}>
        <dt>{t('resetPassword.form.username')}</dt>
        <dd>
          <bdi data-testid={TestId.reset.username}>{form.account.username}</bdi>
        </dd>
        <dt>{t('resetPassword.form.environment')}</dt>
        <dd>
          <bdi data-testid={TestId.reset.environment}>{form.account.environment}</bdi>
        </dd>
      </dl>
      <FormGroup
        label={t('resetPassword.form.password')}
        labelFor="reset-password"
        intent={(touched || password !== '') && passwordText ? 'danger' : 'none'}
        helperText={(touched || password !== '') && passwordText}
      >
        <InputGroup
          id="reset-password"
          type="password"
          data-testid={TestId.reset.password}
          value={password}
          onValueChange={setPassword}
          autoComplete="new-password"
          intent={(touched || password !== '') && passwordText ? 'danger' : 'none'}
          autoFocus
        />
      </FormGroup>
      <FormGroup
        label={t('resetPassword.form.confirm')}
        labelFor="reset-confirm"
        intent={mismatch ? 'danger' : 'none'}
        helperText={mismatch && t('resetPassword.form.mismatch')}
      >
        <InputGroup
          id="reset-confirm"
          type="password"
          data-testid={TestId.reset.confirm}
          value={confirm}
          onValueChange={setConfirm}
          autoComplete="new-password"
          intent={mismatch ? 'danger' : 'none'}
        />
      </FormGroup>
      {form.error !== null && (
        <Callout intent="danger" icon="error" className="auth-error" data-testid={TestId.reset.error} role="alert">
          {errorMessage(t, form.error)}
        </Callout>
      )}
      <div className="auth-actions">
        <Link to={ROUTES.login}>{t('common.actions.backToLogin')}</Link>
        <Button
          type="submit"
          intent="primary"
          loading={form.sending}
          disabled={passwordProblem !== null || confirm !== password}
          data-testid={TestId.reset.submit}
        >
          {t('resetPassword.form.submit')}
        </Button>
      </div>
    </form>
  );
}
