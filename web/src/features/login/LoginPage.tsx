import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { LoginState, ROUTES, TestId } from '@halo/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { loginStateOf, returnToOf, useSessionActor, useSessionSelector } from '../../lib/session';
import { loginErrorText } from './loginErrorText';

export function LoginPage() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const location = useLocation();
  const loginState = useSessionSelector(loginStateOf);
  const submitting = useSessionSelector((snapshot) => snapshot.hasTag('loggingIn'));
  const loginError = useSessionSelector((snapshot) => snapshot.context.loginError);
  const refusedByServer = useSessionSelector((snapshot) => snapshot.context.refusedByServer);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [environmentName, setEnvironmentName] = useState('');

  // In: on to the address asked for before (returnTo.ts), through the second factor if there is one.
  if (loginState === LoginState.LOGGED_IN) return <Navigate to={returnToOf(location.state)} replace />;
  if (loginState === LoginState.NOT_VERIFIED)
    return <Navigate to={ROUTES.otpVerification} replace state={location.state as unknown} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.send({
      type: 'session.login',
      credentials: { username: username.trim(), password, environment_name: environmentName.trim() },
    });
  };

  return (
    <form data-testid={TestId.login.form} className="auth-form" onSubmit={submit}>
      <h2 className="bp6-heading">{t('login.form.heading')}</h2>
      <FormGroup label={t('login.form.username')} labelFor="login-username">
        <InputGroup
          id="login-username"
          data-testid={TestId.login.username}
          value={username}
          onValueChange={setUsername}
          autoComplete="username"
          leftIcon="person"
          required
          autoFocus
        />
      </FormGroup>
      <FormGroup label={t('login.form.password')} labelFor="login-password">
        <InputGroup
          id="login-password"
          data-testid={TestId.login.password}
          type="password"
          value={password}
          onValueChange={setPassword}
          autoComplete="current-password"
          leftIcon="lock"
          required
        />
      </FormGroup>
      <FormGroup label={t('login.form.environment')} labelFor="login-environment">
        <InputGroup
          id="login-environment"
          data-testid={TestId.login.environment}
          value={environmentName}
          onValueChange={setEnvironmentName}
          autoComplete="organization"
          leftIcon="cloud"
          required
        />
      </FormGroup>
      {refusedByServer && loginError === null && !submitting && (
        <Callout intent="warning" icon="warning-sign" className="auth-error" role="status">
          {t('errors.unauthorized')}
        </Callout>
      )}
      {loginError !== null && !submitting && (
        <Callout intent="danger" icon="error" className="auth-error" data-testid={TestId.login.error} role="alert">
          {loginErrorText(t, loginError)}
        </Callout>
      )}
      <div className="auth-actions">
        <Link to={ROUTES.forgotPassword} data-testid={TestId.login.forgotLink}>
          {t('login.form.forgotLink')}
        </Link>
        <Button type="submit" intent="primary" size="large" loading={submitting} data-testid={TestId.login.submit}>
          {t('login.form.submit')}
        </Button>
      </div>
    </form>
  );
}
